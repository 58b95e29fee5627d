import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** The dashboard: where everyone lands after signing in. */
export const DASHBOARD_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.dashboard,
    path: "/dashboard",
    layout: "main",
    title: "Dashboard",
    rule: routeRule("dashboard", "manage"),
    area: "dashboard",
    crumb: { label: "Dashboard" },
    sidebar: { key: "dashboard", label: "Dashboard", order: 1, resource: "dashboard", anyOf: ["manage"], superAdmin: true },
  },
];
