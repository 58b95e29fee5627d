import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, type ClientAction, type ClientPermissions } from "./shared/permission-vocabulary.ts";
import { ROLE_CODES, type RoleCode } from "./shared/roles.ts";
import { toClientPermissions } from "./shared/permissions/client-permissions.ts";
import { permissionsForRole } from "./shared/permissions/permissions-for-role.ts";
import { APP_ROUTE, type AppRoute } from "./shared/navigation/app-route.ts";
import { isOwnInstitution } from "./shared/navigation/route-access.ts";
import type { RouteUser } from "./shared/navigation/route-declaration.ts";
import { ROUTES as REGISTRY, ROUTE_RULES, hrefFor, routeAccess } from "./routes.ts";

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
      // Issue 38: the audit log's institution-level rows.
      "audit",
    ]);
    expect(allowed("staff")).toEqual([
      "dashboard", "organization-detail", "exercises", "create-assign", "patients", "patient-detail", "exercise-overview", "session-detail",
      // An SLP reaches the month-end page for their caseload's totals and CSV; locking is refused to them.
      "billing", "billing-month-end", "slp-chat", "settings",
    ]);
  });

  it("opens a patient's accounting of disclosures to an administrator with the audit log, never to the super administrator (patient data)", () => {
    const withAuditLog = { permissions: { audit_log: ["list"] }, institutionId: 4 } as const;
    expect(routeAccess("audit-disclosures", { ...withAuditLog, role: "institution_admin" })).toEqual({ kind: "allow" });
    expect(routeAccess("audit-disclosures", { ...withAuditLog, role: "super_admin", institutionId: null })).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(routeAccess("audit-disclosures", { permissions: {}, role: "institution_admin", institutionId: 4 })).toEqual({ kind: "redirect", to: "/dashboard" });
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

  test.prop([fc.constantFrom(...ROUTES.filter((route) => !["organizations", "create-assign", "dashboard", "settings", "audit-disclosures"].includes(route))), permissionsArb, fc.constantFrom(...ROLE_CODES)])(
    "allows a route exactly when its checked permission is held, else sends the user to its refusal target",
    (route, permissions, role) => {
      const { check, refusedTo } = ROUTE_RULES[route];
      const holds = check.actions.every((action) => (permissions[check.resource] ?? []).includes(action));
      expect(routeAccess(route, { permissions, role, institutionId: 4 })).toEqual(holds ? { kind: "allow" } : { kind: "redirect", to: hrefFor(refusedTo) });
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

describe("/organizations", () => {
  test.prop([fc.constantFrom("institution_admin", "staff_admin", "staff" as const), fc.integer({ min: 1, max: 2_147_483_647 })])(
    "sends every role but the super administrator to its own institution",
    (role, id) => {
      expect(routeAccess("organizations", userOf(role, id))).toEqual({ kind: "redirect", to: `/organizations/${id}` });
    },
  );
});

describe("addresses with malformed ids", () => {
  it("sends a patient page with a missing or malformed id to the patients list", () => {
    expect(REGISTRY.badIdsOutcome("exercise-overview", { id: "5", levelId: undefined })).toEqual({ kind: "redirect", to: "/patients" });
    expect(REGISTRY.badIdsOutcome("patient-detail", { id: "abc" })).toEqual({ kind: "redirect", to: "/patients" });
    expect(REGISTRY.badIdsOutcome("session-detail", { id: "5", levelId: "6", trendId: "0" })).toEqual({ kind: "redirect", to: "/patients" });
    expect(REGISTRY.badIdsOutcome("exercise-overview", { id: "5", levelId: "6" })).toBeUndefined();
  });

  it("shows the not-found page for other records with a malformed id", () => {
    expect(REGISTRY.badIdsOutcome("admin-detail", { adminId: "07" })).toEqual({ kind: "not-found" });
    expect(REGISTRY.badIdsOutcome("organization-detail", { organizationId: "x" })).toEqual({ kind: "not-found" });
    expect(REGISTRY.badIdsOutcome("staff-detail", { id: "3" })).toBeUndefined();
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
