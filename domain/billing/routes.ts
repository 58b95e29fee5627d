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
  {
    // Month-end (docs/billing.md): a month's totals, its lock and its CSV, printable; ?month=YYYY-MM.
    id: APP_ROUTE.billingMonthEnd,
    path: "/rtm/month-end",
    layout: "main",
    title: "Month-end",
    rule: routeRule("rtm", "list"),
    area: "billing",
    crumb: { label: "Month-end", parent: { route: APP_ROUTE.billing } },
  },
];
