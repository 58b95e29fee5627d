import type { ClientAction, ClientPermissions, Resource } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";
import type { SidebarEntryKey } from "../permissions/sidebar-entries.ts";
import type { AppRoute } from "./app-route.ts";
import type { BreadcrumbFacts } from "./breadcrumbs.ts";

/** The page frame a route renders in (spec section 2). */
export type RouteLayout = "main" | "create" | "details-panel";

/** The permission a route checks first: every action listed on the resource. */
export type RouteCheck = { readonly resource: Resource; readonly actions: readonly ClientAction[] };

export type RouteRule = {
  readonly check: RouteCheck;
  /** Where a user without the permission is sent (a route of the registry, without parameters). */
  readonly refusedTo: AppRoute;
};

/** The signed-in user as route checks need them; absent while their record is still loading. */
export type RouteUser = {
  readonly permissions: ClientPermissions;
  readonly role: RoleCode;
  readonly institutionId: number | null;
};

/**
 * What a route does for this user: show its page, send them elsewhere, wait for their record, or
 * (sign-in steps only) forget a sign-in the app can no longer follow and send them elsewhere.
 * The one decision type of the client: the signed-in routes (domain/routes.ts) and the sign-in
 * steps (machines/auth/auth-route-guards.ts) both answer it.
 */
export type RouteDecision =
  | { readonly kind: "allow" }
  | { readonly kind: "redirect"; readonly to: string }
  | { readonly kind: "clearAndRedirect"; readonly to: string }
  | { readonly kind: "loading" };

/** Facts a few routes need beyond the user: how many exercises are chosen for /create/assign. */
export type RouteContext = { readonly selectedGameCount?: number };

/** How a route's own step in the breadcrumb trail reads, and the step above it. */
export type CrumbDeclaration = {
  /** The step's words; a function names the record from what has loaded ('Detail' until then). */
  readonly label: string | ((facts: BreadcrumbFacts) => string);
  /** The step above: a route of the registry, optionally with its own words and fixed parameters. */
  readonly parent?: { readonly route: AppRoute; readonly label?: string; readonly params?: Readonly<Record<string, string>> };
};

/** A sidebar entry (spec section 2, "Sidebar navigation"), declared on the route it opens. */
export type SidebarDeclaration = {
  readonly key: SidebarEntryKey;
  readonly label: string;
  /** Position in the sidebar, smallest first. */
  readonly order: number;
  readonly resource: Resource;
  /** Any one of these actions on the resource shows the entry. */
  readonly anyOf: readonly ClientAction[];
  /** Entries without this flag are hidden from the super administrator, whatever the permissions say. */
  readonly superAdmin: boolean;
  /** Where the entry leads when not to the route itself: a route and its parameters for this user, or undefined. */
  readonly target?: (user: { readonly institutionId?: number | null | undefined }) => { readonly route: AppRoute; readonly params: Readonly<Record<string, number>> } | undefined;
};

/** Helpers a route's own guard may use: addresses of other routes. */
export type GuardTools = { readonly hrefFor: (route: AppRoute, params?: Readonly<Record<string, string | number>>) => string };

/**
 * One application route, declared once by its feature (docs/routes.md): everything the router,
 * the guards, the sidebar, the breadcrumbs and the current sidebar entry need is derived from it.
 */
export type RouteDeclaration = {
  readonly id: AppRoute;
  /** The one place this address is written (wouter's pattern form). */
  readonly path: string;
  readonly layout: RouteLayout;
  /** The page's name: its heading while it loads, and the document title. */
  readonly title: string;
  /**
   * The document title's page part once the record is known, or null while it is not (then the
   * title). Only where the trail step is not the record's name (document-title.ts, pageTitleOf).
   */
  readonly documentTitle?: (facts: BreadcrumbFacts) => string | null;
  readonly rule: RouteRule;
  /** The sidebar entry marked current while on this page (null: none). */
  readonly area: SidebarEntryKey | null;
  readonly crumb: CrumbDeclaration;
  /** Path parameters that name records by id, and the breadcrumb fact each one fills. */
  readonly ids?: Readonly<Record<string, keyof BreadcrumbFacts | null>>;
  /** Where an address with a malformed or missing id goes: the not-found page, or another route. */
  readonly badIds?: "not-found" | AppRoute;
  readonly sidebar?: SidebarDeclaration;
  /** A rule beyond the permission, asked first: a decision of its own, or undefined to leave it to the permission (e.g. /organizations sends non-super admins to their own institution). */
  readonly guard?: (user: RouteUser, context: RouteContext, tools: GuardTools) => RouteDecision | undefined;
};

/** The permission check of a route, refusing to the dashboard unless another route is named. */
export const routeRule = (resource: Resource, action: ClientAction, refusedTo: AppRoute = "dashboard"): RouteRule => ({
  check: { resource, actions: [action] },
  refusedTo,
});

/** An address that only leads elsewhere (spec section 2): Settings without a tab to its first tab, a patient address without an id to the list. */
export type RouteRedirect = {
  /** An exact address, or a pattern for a family of them. */
  readonly from: string | RegExp;
  readonly to: AppRoute;
  readonly params?: Readonly<Record<string, string>>;
};

