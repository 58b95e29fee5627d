import { ACCOUNT_REDIRECTS, ACCOUNT_ROUTES } from "./account/routes.ts";
import { ADMINISTRATOR_ROUTES } from "./administrators/routes.ts";
import { AUDIT_ROUTES } from "./audit/routes.ts";
import { BILLING_ROUTES } from "./billing/routes.ts";
import { CHAT_ROUTES } from "./chat/routes.ts";
import { DASHBOARD_ROUTES } from "./dashboard/routes.ts";
import { EXERCISE_ROUTES } from "./exercises/routes.ts";
import { INSTITUTION_ROUTES } from "./institutions/routes.ts";
import { PATIENT_REDIRECTS, PATIENT_ROUTES } from "./patients/routes.ts";
import { SESSION_REVIEW_ROUTES } from "./session-review/routes.ts";
import { SLP_ROUTES } from "./slps/routes.ts";
import { APP_ROUTE } from "./shared/navigation/app-route.ts";
import { type BreadcrumbItem, backTargetOr } from "./shared/navigation/breadcrumbs.ts";
import { createRouteRegistry } from "./shared/navigation/route-registry.ts";
import type { AppRoute } from "./shared/navigation/app-route.ts";
import type { BreadcrumbFacts } from "./shared/navigation/breadcrumbs.ts";
import { pageTitleOf } from "./shared/navigation/document-title.ts";

/**
 * Every application route of the portal, as its features declare them (docs/routes.md). This is
 * the domain's one composition point: the router, the sidebar, the breadcrumbs, the current
 * sidebar entry and the guards all read this registry. A new feature adds its list here.
 */
export const ROUTES = createRouteRegistry([
  ...DASHBOARD_ROUTES,
  ...ADMINISTRATOR_ROUTES,
  ...INSTITUTION_ROUTES,
  ...EXERCISE_ROUTES,
  ...PATIENT_ROUTES,
  ...SESSION_REVIEW_ROUTES,
  ...SLP_ROUTES,
  ...BILLING_ROUTES,
  ...CHAT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...AUDIT_ROUTES,
]);

export const { routeAccess, breadcrumbsFor, sidebarAreaOf, sidebarEntries, hrefFor, rules: ROUTE_RULES, opensForEveryone } = ROUTES;

/** The addresses that only lead elsewhere, resolved: matched after every declared route. */
export const ROUTE_REDIRECTS: ReadonlyArray<{ readonly from: string | RegExp; readonly to: string }> = [...ACCOUNT_REDIRECTS, ...PATIENT_REDIRECTS].map(
  (redirect) => ({ from: redirect.from, to: hrefFor(redirect.to, redirect.params) }),
);

/** Where the portal's root address and the not-found page lead. */
export const HOME_PATH = hrefFor(APP_ROUTE.dashboard);

const firstSegment = (path: string): string => path.split("/").find((part) => part !== "") ?? "";
const SIGNED_IN_SEGMENTS = [
  ...new Set([
    ...ROUTES.routes.map((route) => firstSegment(route.path)),
    ...ROUTE_REDIRECTS.flatMap((redirect) => (typeof redirect.from === "string" ? [firstSegment(redirect.from)] : [])),
  ]),
];

/** The addresses of the signed-in area: those whose first segment is one of a declared route's. */
export const SIGNED_IN_PATH_PATTERN = new RegExp(`^/(?:${SIGNED_IN_SEGMENTS.join("|")})(?:/.*)?$`);

/** Whether an address belongs to the signed-in area. */
export const isSignedInPath = (path: string): boolean => SIGNED_IN_PATH_PATTERN.test(path.split(/[?#]/, 1)[0] ?? "");

/** "Back" and "Cancel" lead one step up the trail, else to the dashboard. */
export const backTarget = (items: readonly BreadcrumbItem[]): string => backTargetOr(items, hrefFor(APP_ROUTE.dashboard));

/** The page part of the document title of `route`, naming its record once `facts` know it. */
export const documentTitleFor = (route: AppRoute, facts: BreadcrumbFacts | undefined): string => {
  const declaration = ROUTES.routes.find((each) => each.id === route);
  return declaration === undefined ? route : pageTitleOf(declaration, facts);
};
