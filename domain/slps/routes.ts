import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { personLabel } from "../shared/navigation/breadcrumbs.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** SLPs: the institution's staff. */
export const SLP_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.staff,
    path: "/staff",
    layout: "main",
    title: "SLPs",
    rule: routeRule("staff", "list"),
    area: "slps",
    crumb: { label: "SLPs" },
    sidebar: { key: "slps", label: "SLPs", order: 4, resource: "staff", anyOf: ["list", "retrieve"], superAdmin: true },
  },
  {
    id: APP_ROUTE.createStaff,
    path: "/create/staff",
    layout: "create",
    title: "New SLP",
    rule: routeRule("staff", "create"),
    area: "slps",
    crumb: { label: "New SLP", parent: { route: APP_ROUTE.staff } },
  },
  {
    id: APP_ROUTE.staffDetail,
    path: "/staff/:id",
    layout: "main",
    title: "SLP",
    rule: routeRule("staff", "retrieve"),
    area: "slps",
    crumb: { label: (facts) => personLabel(facts.staffMember), parent: { route: APP_ROUTE.staff } },
    ids: { id: null },
    badIds: "not-found",
  },
];
