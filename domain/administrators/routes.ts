import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { personLabel } from "../shared/navigation/breadcrumbs.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** Administrators of institutions. */
export const ADMINISTRATOR_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.admins,
    path: "/admins",
    layout: "main",
    title: "Admins",
    rule: routeRule("administrator", "list"),
    area: "admins",
    crumb: { label: "Admins" },
    sidebar: { key: "admins", label: "Admins", order: 3, resource: "administrator", anyOf: ["list", "retrieve"], superAdmin: true },
  },
  {
    id: APP_ROUTE.adminDetail,
    path: "/admins/:adminId",
    layout: "main",
    title: "Administrator",
    rule: routeRule("administrator", "retrieve"),
    area: "admins",
    crumb: { label: (facts) => personLabel(facts.admin), parent: { route: APP_ROUTE.admins } },
    ids: { adminId: null },
    badIds: "not-found",
  },
  {
    id: APP_ROUTE.createAdmin,
    path: "/create/organization/:organizationId/admin",
    layout: "create",
    title: "New administrator",
    rule: routeRule("administrator", "create"),
    area: "admins",
    crumb: { label: "New administrator", parent: { route: APP_ROUTE.admins } },
    ids: { organizationId: null },
    badIds: "not-found",
  },
];
