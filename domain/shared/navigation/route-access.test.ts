import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, type ClientAction, type ClientPermissions } from "../permission-vocabulary.ts";
import { ROLE_CODES, type RoleCode } from "../roles.ts";
import { toClientPermissions } from "../permissions/client-permissions.ts";
import { permissionsForRole } from "../permissions/permissions-for-role.ts";
import { APP_ROUTE, isOwnInstitution, missingIdsTarget, routeAccess, ROUTE_RULES, type AppRoute, type RouteUser } from "./route-access.ts";

const userOf = (role: RoleCode, institutionId: number | null = role === "super_admin" ? null : 7): RouteUser => ({
  permissions: toClientPermissions(permissionsForRole(role)),
  role,
  institutionId,
});
const ROUTES = Object.values(APP_ROUTE) as readonly AppRoute[];
const allowed = (role: RoleCode): readonly AppRoute[] =>
  ROUTES.filter((route) => routeAccess(route, userOf(role), { selectedGameCount: 1 }).kind === "allow");

describe("routeAccess", () => {
  it("waits while the user record is loading, except on the dashboard and settings, which everyone may open", () => {
    for (const route of ROUTES) {
      const expected = route === "dashboard" || route === "settings" ? { kind: "allow" } : { kind: "loading" };
      expect(routeAccess(route, undefined)).toEqual(expected);
    }
  });

  it("sends everyone but the super administrator from /organizations to their own institution", () => {
    expect(routeAccess("organizations", userOf("super_admin"))).toEqual({ kind: "allow" });
    expect(routeAccess("organizations", userOf("staff", 3))).toEqual({ kind: "redirect", to: "/organizations/3" });
    expect(routeAccess("organizations", userOf("institution_admin", 9))).toEqual({ kind: "redirect", to: "/organizations/9" });
    expect(routeAccess("organizations", userOf("staff", null))).toEqual({ kind: "redirect", to: "/dashboard" });
  });

  it("sends a user without retrieve on administrators from an admin detail to the dashboard", () => {
    const user: RouteUser = { permissions: { administrator: ["list"] }, role: "institution_admin", institutionId: 1 };
    expect(routeAccess("admin-detail", user)).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(routeAccess("admin-detail", userOf("institution_admin"))).toEqual({ kind: "allow" });
  });

  it("opens /create/assign only with assignGame and a chosen exercise, else /exercises", () => {
    expect(routeAccess("create-assign", userOf("staff"), { selectedGameCount: 2 })).toEqual({ kind: "allow" });
    expect(routeAccess("create-assign", userOf("staff"))).toEqual({ kind: "redirect", to: "/exercises" });
    expect(routeAccess("create-assign", userOf("super_admin"), { selectedGameCount: 2 })).toEqual({ kind: "redirect", to: "/exercises" });
  });

  it("gives each role exactly the areas its permissions open", () => {
    expect(allowed("super_admin")).toEqual([
      "dashboard", "admins", "admin-detail", "create-admin", "organizations", "organization-detail", "create-organization", "exercises", "settings",
    ]);
    expect(allowed("staff")).toEqual([
      "dashboard", "organization-detail", "exercises", "create-assign", "patients", "patient-detail", "exercise-overview", "session-detail",
      "billing", "slp-chat", "settings",
    ]);
  });

  it("always opens the dashboard and settings, which every user manages", () => {
    for (const role of ROLE_CODES) {
      expect(routeAccess("dashboard", userOf(role))).toEqual({ kind: "allow" });
      expect(routeAccess("settings", userOf(role))).toEqual({ kind: "allow" });
    }
  });

  const actionArb = fc.constantFrom<ClientAction>("list", "retrieve", "create", "assignGame", "manage", "update");
  const permissionsArb: fc.Arbitrary<ClientPermissions> = fc.dictionary(
    fc.constantFrom(...RESOURCES),
    fc.uniqueArray(actionArb, { maxLength: 4 }),
  );

  test.prop([fc.constantFrom(...ROUTES.filter((route) => !["organizations", "create-assign", "dashboard", "settings"].includes(route))), permissionsArb, fc.constantFrom(...ROLE_CODES)])(
    "allows a route exactly when its checked permission is held, else sends the user to its refusal target",
    (route, permissions, role) => {
      const { check, refusedTo } = ROUTE_RULES[route];
      const holds = check.actions.every((action) => (permissions[check.resource] ?? []).includes(action));
      expect(routeAccess(route, { permissions, role, institutionId: 4 })).toEqual(holds ? { kind: "allow" } : { kind: "redirect", to: refusedTo });
    },
  );

  test.prop([fc.constantFrom(...ROUTES), permissionsArb, fc.constantFrom(...ROLE_CODES)])(
    "never redirects a route to itself's own refusal loop: targets are the dashboard, the exercises, the patients or an institution",
    (route, permissions, role) => {
      const decision = routeAccess(route, { permissions, role, institutionId: 4 });
      if (decision.kind === "redirect") expect(["/dashboard", "/exercises", "/patients", "/organizations/4"]).toContain(decision.to);
    },
  );
});

describe("missingIdsTarget", () => {
  it("sends a patient page with a missing id to the patients list", () => {
    expect(missingIdsTarget([5, null])).toBe("/patients");
    expect(missingIdsTarget([null])).toBe("/patients");
    expect(missingIdsTarget([5, 6])).toBeNull();
  });
});

describe("isOwnInstitution", () => {
  it("is true only for the institution on the user's record", () => {
    expect(isOwnInstitution(userOf("staff", 7), 7)).toBe(true);
    expect(isOwnInstitution(userOf("staff", 7), 8)).toBe(false);
    expect(isOwnInstitution(userOf("super_admin"), 7)).toBe(false);
    expect(isOwnInstitution(undefined, 7)).toBe(false);
  });
});
