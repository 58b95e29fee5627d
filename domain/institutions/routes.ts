import { ROLE } from "../shared/roles.ts";
import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { orFallback, DETAIL_FALLBACK } from "../shared/navigation/breadcrumbs.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** Institutions: the super administrator's list; everyone else's own institution. */
export const INSTITUTION_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.organizations,
    path: "/organizations",
    layout: "main",
    title: "Institutions",
    rule: routeRule("institution", "list"),
    area: "institution",
    crumb: { label: "Institutions" },
    // Only the super administrator sees all institutions; everyone else goes to their own (or the dashboard without one).
    guard: (user, _context, { hrefFor }) => {
      if (user.role === ROLE.superAdmin) return undefined;
      if (user.institutionId === null) return { kind: "redirect", to: hrefFor(APP_ROUTE.dashboard) };
      return { kind: "redirect", to: hrefFor(APP_ROUTE.organizationDetail, { organizationId: user.institutionId }) };
    },
    sidebar: {
      key: "institution",
      label: "Institution",
      order: 2,
      resource: "institution",
      anyOf: ["list", "retrieve"],
      superAdmin: true,
      // The entry opens the user's own institution once it is known, else the institutions list.
      target: ({ institutionId }) =>
        institutionId === null || institutionId === undefined ? undefined : { route: APP_ROUTE.organizationDetail, params: { organizationId: institutionId } },
    },
  },
  {
    id: APP_ROUTE.organizationDetail,
    path: "/organizations/:organizationId",
    layout: "main",
    title: "Institution",
    rule: routeRule("institution", "retrieve"),
    area: "institution",
    crumb: { label: (facts) => orFallback(facts.institutionName, DETAIL_FALLBACK), parent: { route: APP_ROUTE.organizations } },
    ids: { organizationId: null },
    badIds: "not-found",
  },
  {
    id: APP_ROUTE.createOrganization,
    path: "/create/organization",
    layout: "create",
    title: "New institution",
    rule: routeRule("institution", "create"),
    area: "institution",
    crumb: { label: "New institution", parent: { route: APP_ROUTE.organizations } },
  },
];
