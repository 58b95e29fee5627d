import { ALWAYS_MANAGED } from "../permissions/client-permissions.ts";
import type { ClientPermissions } from "../permission-vocabulary.ts";
import { ROLE } from "../roles.ts";
import type { SidebarEntry, SidebarEntryKey, SidebarUser } from "../permissions/sidebar-entries.ts";
import { APP_ROUTES, type AppRoute } from "./app-route.ts";
import type { BreadcrumbFacts, BreadcrumbItem } from "./breadcrumbs.ts";
import type { RouteCheck, RouteContext, RouteDeclaration, RouteDecision, RouteRule, RouteUser } from "./route-declaration.ts";
import { fillPath, matchPath, type RouteParams } from "./route-path.ts";
import { routeId } from "./route-id.ts";

type Params = Readonly<Record<string, string | number | null | undefined>>;

/** Everything derived from the route declarations: the router's table, guards, trail, sidebar. */
export type RouteRegistry = {
  readonly routes: readonly RouteDeclaration[];
  readonly declarationOf: (route: AppRoute) => RouteDeclaration;
  /** The address of a route with its parameters (throws when one is missing: a programming error). */
  readonly hrefFor: (route: AppRoute, params?: Params) => string;
  /** The route an address opens, with its parameters, or null. */
  readonly match: (path: string) => { readonly route: RouteDeclaration; readonly params: RouteParams } | null;
  readonly rules: Readonly<Record<AppRoute, RouteRule>>;
  readonly routeAccess: (route: AppRoute, user: RouteUser | undefined, context?: RouteContext) => RouteDecision;
  readonly opensForEveryone: (route: AppRoute) => boolean;
  readonly breadcrumbsFor: (route: AppRoute, facts?: BreadcrumbFacts) => readonly BreadcrumbItem[];
  readonly sidebarAreaOf: (path: string) => SidebarEntryKey | null;
  readonly sidebarEntries: (user: SidebarUser) => readonly SidebarEntry[];
  /**
   * For an address whose id parameters are malformed or missing: where it goes (the not-found
   * page, or a redirect such as a patient page's to the patients list); undefined when they are fine.
   */
  readonly badIdsOutcome: (route: AppRoute, params: Readonly<Record<string, string | undefined>>) => BadIdsOutcome | undefined;
  /** Each id parameter of a route as a number (null when malformed), keyed by the breadcrumb fact it fills. */
  readonly idFacts: (route: AppRoute, params: Readonly<Record<string, string | undefined>>) => BreadcrumbFacts;
};

export type BadIdsOutcome = { readonly kind: "not-found" } | { readonly kind: "redirect"; readonly to: string };

const ALLOW: RouteDecision = { kind: "allow" };
const LOADING: RouteDecision = { kind: "loading" };

const holds = (permissions: ClientPermissions, check: RouteCheck): boolean => {
  const granted = permissions[check.resource] ?? [];
  return check.actions.every((action) => granted.includes(action));
};

/**
 * Builds the registry from every feature's declarations and checks them once: each route of
 * APP_ROUTE declared exactly once, no address declared twice, every parent and refusal target a
 * declared route. A mistake fails at start (and in the registry's tests), not on a click.
 */
export const createRouteRegistry = (declarations: readonly RouteDeclaration[]): RouteRegistry => {
  const byId = new Map<AppRoute, RouteDeclaration>();
  for (const declaration of declarations) {
    if (byId.has(declaration.id)) throw new Error(`route ${declaration.id} is declared twice`);
    byId.set(declaration.id, declaration);
  }
  const missing = APP_ROUTES.filter((route) => !byId.has(route));
  if (missing.length > 0) throw new Error(`routes without a declaration: ${missing.join(", ")}`);
  const paths = new Set<string>();
  for (const declaration of declarations) {
    if (paths.has(declaration.path)) throw new Error(`the address ${declaration.path} is declared twice`);
    paths.add(declaration.path);
    for (const target of [declaration.rule.refusedTo, declaration.crumb.parent?.route]) {
      if (target !== undefined && !byId.has(target)) throw new Error(`route ${declaration.id} names an undeclared route ${target}`);
    }
  }

  const declarationOf = (route: AppRoute): RouteDeclaration => {
    const found = byId.get(route);
    if (found === undefined) throw new Error(`no route ${route}`);
    return found;
  };
  const tryHref = (route: AppRoute, params: Params = {}): string | undefined => fillPath(declarationOf(route).path, params);
  const hrefFor = (route: AppRoute, params: Params = {}): string => {
    const href = tryHref(route, params);
    if (href === undefined) throw new Error(`route ${route} needs parameters: ${declarationOf(route).path}`);
    return href;
  };

  const rules = Object.fromEntries(declarations.map((declaration) => [declaration.id, declaration.rule])) as Record<AppRoute, RouteRule>;

  // Every user manages their dashboard and settings, so those pages need not wait for the record.
  const opensForEveryone = (route: AppRoute): boolean => {
    const { check } = declarationOf(route).rule;
    return ALWAYS_MANAGED.includes(check.resource) && check.actions.every((action) => action === "manage");
  };

  const routeAccess = (route: AppRoute, user: RouteUser | undefined, context: RouteContext = {}): RouteDecision => {
    if (opensForEveryone(route)) return ALLOW;
    if (user === undefined) return LOADING;
    const declaration = declarationOf(route);
    const refused: RouteDecision = { kind: "redirect", to: hrefFor(declaration.rule.refusedTo) };
    const guarded = declaration.guard?.(user, context, { hrefFor });
    if (guarded !== undefined && guarded.kind !== "allow") return guarded;
    if (guarded?.kind === "allow") return ALLOW;
    return holds(user.permissions, declaration.rule.check) ? ALLOW : refused;
  };

  const labelOf = (declaration: RouteDeclaration, facts: BreadcrumbFacts): string =>
    typeof declaration.crumb.label === "string" ? declaration.crumb.label : declaration.crumb.label(facts);

  /** A route's address from the facts its ids fill (undefined until they are known). */
  const hrefFromFacts = (declaration: RouteDeclaration, facts: BreadcrumbFacts): string | undefined => {
    const params: Record<string, string | number | null | undefined> = {};
    for (const [param, fact] of Object.entries(declaration.ids ?? {})) {
      const value = fact === null ? undefined : facts[fact];
      params[param] = typeof value === "number" || typeof value === "string" ? value : undefined;
    }
    return tryHref(declaration.id, params);
  };

  const trail = (declaration: RouteDeclaration, facts: BreadcrumbFacts, seen: ReadonlySet<AppRoute>): BreadcrumbItem[] => {
    const parent = declaration.crumb.parent;
    const here: BreadcrumbItem = { label: labelOf(declaration, facts) };
    if (parent === undefined) return [here];
    const above = declarationOf(parent.route);
    const href = parent.params !== undefined ? tryHref(parent.route, parent.params) : hrefFromFacts(above, facts);
    const step: BreadcrumbItem = { label: parent.label ?? labelOf(above, facts), ...(href === undefined ? {} : { href }) };
    // A parent that is the route itself (Settings > its tab) or was already walked ends the climb.
    const higher = seen.has(above.id) || above.id === declaration.id ? [] : trail(above, facts, new Set([...seen, declaration.id])).slice(0, -1);
    return [...higher, step, here];
  };

  const breadcrumbsFor = (route: AppRoute, facts: BreadcrumbFacts = {}): readonly BreadcrumbItem[] => trail(declarationOf(route), facts, new Set());

  const match = (path: string) => {
    for (const route of declarations) {
      const params = matchPath(route.path, path);
      if (params !== null) return { route, params };
    }
    return null;
  };

  const sidebarAreaOf = (path: string): SidebarEntryKey | null => match(path)?.route.area ?? null;

  const sidebarDeclarations = declarations
    .flatMap((declaration) => (declaration.sidebar === undefined ? [] : [{ declaration, sidebar: declaration.sidebar }]))
    .sort((a, b) => a.sidebar.order - b.sidebar.order);

  // The sidebar shows an area only when the role may list or open it; some are never shown to the super administrator.
  const sidebarEntries = (user: SidebarUser): readonly SidebarEntry[] =>
    sidebarDeclarations
      .filter(({ sidebar }) => {
        if (user.role === ROLE.superAdmin && !sidebar.superAdmin) return false;
        const granted = user.permissions[sidebar.resource] ?? [];
        return sidebar.anyOf.some((action) => granted.includes(action));
      })
      .map(({ declaration, sidebar }) => {
        const target = sidebar.target?.(user);
        return { key: sidebar.key, label: sidebar.label, href: target === undefined ? hrefFor(declaration.id) : hrefFor(target.route, target.params) };
      });

  const badIdsOutcome = (route: AppRoute, params: Readonly<Record<string, string | undefined>>): BadIdsOutcome | undefined => {
    const declaration = declarationOf(route);
    const ids = Object.keys(declaration.ids ?? {});
    if (ids.every((name) => routeId(params[name]) !== null)) return undefined;
    const target = declaration.badIds ?? "not-found";
    return target === "not-found" ? { kind: "not-found" } : { kind: "redirect", to: hrefFor(target) };
  };

  const idFacts = (route: AppRoute, params: Readonly<Record<string, string | undefined>>): BreadcrumbFacts => {
    const facts: Record<string, number | null> = {};
    for (const [name, fact] of Object.entries(declarationOf(route).ids ?? {})) if (fact !== null) facts[fact] = routeId(params[name]);
    return facts as BreadcrumbFacts;
  };

  return {
    routes: declarations,
    declarationOf,
    hrefFor,
    match,
    rules,
    routeAccess,
    opensForEveryone,
    breadcrumbsFor,
    sidebarAreaOf,
    sidebarEntries,
    badIdsOutcome,
    idFacts,
  };
};
