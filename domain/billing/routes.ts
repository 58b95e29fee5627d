import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** Billing (remote therapeutic monitoring). */
export const BILLING_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.billing,
    path: "/rtm",
    layout: "main",
    title: "Billing",
    rule: routeRule("rtm", "list"),
    area: "billing",
    crumb: { label: "Billing" },
    sidebar: { key: "billing", label: "Billing", order: 7, resource: "rtm", anyOf: ["list"], superAdmin: false },
  },
];
