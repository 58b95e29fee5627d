import type { ClientAction, ClientPermissions, Resource } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";
import { ALWAYS_MANAGED } from "../permissions/client-permissions.ts";
import { canAssignGames, organizationsRouteTarget } from "../permissions/route-rules.ts";

/**
 * The application routes of spec section 2, by name. The shell maps each wouter path to one of
 * these and renders only what `routeAccess` decides.
 */
export const APP_ROUTE = {
  dashboard: "dashboard",
  admins: "admins",
  adminDetail: "admin-detail",
  createAdmin: "create-admin",
  organizations: "organizations",
  organizationDetail: "organization-detail",
  createOrganization: "create-organization",
  exercises: "exercises",
  createAssign: "create-assign",
  patients: "patients",
  createPatient: "create-patient",
  patientDetail: "patient-detail",
  exerciseOverview: "exercise-overview",
  sessionDetail: "session-detail",
  staff: "staff",
  createStaff: "create-staff",
  staffDetail: "staff-detail",
  billing: "billing",
  slpChat: "slp-chat",
  settings: "settings",
} as const;
export type AppRoute = (typeof APP_ROUTE)[keyof typeof APP_ROUTE];

/** The permission a route checks first: every action listed on the resource. */
export type RouteCheck = { readonly resource: Resource; readonly actions: readonly ClientAction[] };

export type RouteRule = {
  readonly check: RouteCheck;
  /** Where a user without the permission is sent. */
  readonly refusedTo: string;
};

export const DASHBOARD_PATH = "/dashboard";
export const PATIENTS_PATH = "/patients";
export const EXERCISES_PATH = "/exercises";

const rule = (resource: Resource, action: ClientAction, refusedTo: string = DASHBOARD_PATH): RouteRule => ({
  check: { resource, actions: [action] },
  refusedTo,
});

/**
 * Spec sections 2 and 6: each route first checks list, retrieve or create on its resource. The
 * spec names three refusal targets (admin detail → /dashboard, /create/assign → /exercises,
 * missing patient ids → /patients); every other refusal goes to /dashboard, which everyone may open.
 */
export const ROUTE_RULES: Readonly<Record<AppRoute, RouteRule>> = {
  dashboard: rule("dashboard", "manage"),
  admins: rule("administrator", "list"),
  "admin-detail": rule("administrator", "retrieve"),
  "create-admin": rule("administrator", "create"),
  organizations: rule("institution", "list"),
  "organization-detail": rule("institution", "retrieve"),
  "create-organization": rule("institution", "create"),
  exercises: rule("game", "list"),
  "create-assign": rule("game", "assignGame", EXERCISES_PATH),
  patients: rule("patient", "list"),
  "create-patient": rule("patient", "create"),
  "patient-detail": rule("patient", "retrieve"),
  "exercise-overview": rule("patient", "retrieve"),
  "session-detail": rule("patient", "retrieve"),
  staff: rule("staff", "list"),
  "create-staff": rule("staff", "create"),
  "staff-detail": rule("staff", "retrieve"),
  billing: rule("rtm", "list"),
  "slp-chat": rule("slp_chat", "list"),
  settings: rule("settings", "manage"),
};

/** The signed-in user as route checks need them; absent while their record is still loading. */
export type RouteUser = {
  readonly permissions: ClientPermissions;
  readonly role: RoleCode;
  readonly institutionId: number | null;
};

/** What a route does for this user: show its page, send them elsewhere, or wait for their record. */
export type RouteDecision =
  | { readonly kind: "allow" }
  | { readonly kind: "redirect"; readonly to: string }
  | { readonly kind: "loading" };

/** Facts a few routes need beyond the user: how many exercises are chosen for /create/assign. */
export type RouteContext = { readonly selectedGameCount?: number };

const ALLOW: RouteDecision = { kind: "allow" };
const LOADING: RouteDecision = { kind: "loading" };

/** The dashboard and settings open for every signed-in user: everyone always manages them (spec section 6). */
export const opensForEveryone = (route: AppRoute): boolean => {
  const { check } = ROUTE_RULES[route];
  return ALWAYS_MANAGED.includes(check.resource) && check.actions.every((action) => action === "manage");
};

const holds = (permissions: ClientPermissions, check: RouteCheck): boolean => {
  const granted = permissions[check.resource] ?? [];
  return check.actions.every((action) => granted.includes(action));
};

/**
 * A route opens only for a user holding its permission; /organizations sends everyone but the super
 * administrator to their own institution, and /create/assign also needs at least one chosen exercise.
 */
export const routeAccess = (route: AppRoute, user: RouteUser | undefined, context: RouteContext = {}): RouteDecision => {
  // Every user manages their dashboard and settings, so those pages need not wait for the record.
  if (opensForEveryone(route)) return ALLOW;
  if (user === undefined) return LOADING;
  if (route === APP_ROUTE.organizations) {
    const target = organizationsRouteTarget(user.role, user.institutionId);
    if (target.kind === "redirect") return target;
    if (target.kind === "loading") return LOADING;
  }
  const { check, refusedTo } = ROUTE_RULES[route];
  if (route === APP_ROUTE.createAssign) {
    return canAssignGames(user.permissions, context.selectedGameCount ?? 0) ? ALLOW : { kind: "redirect", to: refusedTo };
  }
  return holds(user.permissions, check) ? ALLOW : { kind: "redirect", to: refusedTo };
};

/** Patient pages whose ids are missing or malformed have nothing to show, so they go back to the patients list. */
export const missingIdsTarget = (ids: readonly (number | null)[]): string | null =>
  ids.every((id) => id !== null) ? null : PATIENTS_PATH;

/** An institution is the user's own when it is the one on their record (the super administrator has none). */
export const isOwnInstitution = (user: RouteUser | undefined, institutionId: number | null): boolean =>
  user !== undefined && institutionId !== null && user.institutionId === institutionId;
