import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, type ClientAction, type ClientPermissions } from "./shared/permission-vocabulary.ts";
import { ROLE_CODES, type RoleCode } from "./shared/roles.ts";
import { toClientPermissions } from "./shared/permissions/client-permissions.ts";
import { permissionsForRole } from "./shared/permissions/permissions-for-role.ts";
import { hrefFor, sidebarEntries } from "./routes.ts";

const userOf = (role: RoleCode, institutionId?: number | null) => ({
  permissions: toClientPermissions(permissionsForRole(role)),
  role,
  institutionId,
});
const labels = (role: RoleCode): readonly string[] => sidebarEntries(userOf(role, 7)).map((entry) => entry.label);

describe("sidebarEntries", () => {
  it("shows the super administrator only institution-level areas (the audit log's institution-level rows among them)", () => {
    expect(labels("super_admin")).toEqual(["Dashboard", "Institution", "Admins", "Exercises", "Audit log"]);
  });

  it("shows an institution administrator everything but the SLP chat, the audit log included", () => {
    expect(labels("institution_admin")).toEqual(["Dashboard", "Institution", "Admins", "SLPs", "Patients", "Exercises", "Billing", "Audit log"]);
  });

  it("shows a staff administrator their clinical areas and staff", () => {
    expect(labels("staff_admin")).toEqual(["Dashboard", "Institution", "SLPs", "Patients", "Exercises", "Billing", "SLP Chat"]);
  });

  it("shows an SLP their clinical areas", () => {
    expect(labels("staff")).toEqual(["Dashboard", "Institution", "Patients", "Exercises", "Billing", "SLP Chat"]);
  });

  it("hides billing and chat from the super administrator even when permitted", () => {
    const permissions: ClientPermissions = { dashboard: ["manage"], rtm: ["list"], slp_chat: ["list"] };
    expect(sidebarEntries({ permissions, role: "super_admin" }).map((e) => e.key)).toEqual(["dashboard"]);
    expect(sidebarEntries({ permissions, role: "staff" }).map((e) => e.key)).toEqual(["dashboard", "billing", "slp-chat"]);
  });

  it("shows billing only on list, not on retrieve alone", () => {
    expect(sidebarEntries({ permissions: { rtm: ["retrieve"] }, role: "staff" })).toEqual([]);
  });

  it("links Institution to the user's own institution once known", () => {
    const entry = (id: number | null | undefined) =>
      sidebarEntries(userOf("staff", id)).find((e) => e.key === "institution")?.href;
    expect(entry(12)).toBe("/organizations/12");
    expect(entry(null)).toBe("/organizations");
    expect(entry(undefined)).toBe("/organizations");
    expect(hrefFor("organization-detail", { organizationId: 3 })).toBe("/organizations/3");
  });

  const action = fc.constantFrom<ClientAction>("list", "retrieve", "manage", "create", "update");
  const permissions: fc.Arbitrary<ClientPermissions> = fc.dictionary(fc.constantFrom(...RESOURCES), fc.uniqueArray(action));

  test.prop([permissions, fc.constantFrom(...ROLE_CODES)])("a shown entry is always backed by a permission on its area", (held, role) => {
    const resourceOf = { dashboard: "dashboard", institution: "institution", admins: "administrator", slps: "staff", patients: "patient", exercises: "game", billing: "rtm", "slp-chat": "slp_chat", audit: "audit_log" } as const;
    for (const entry of sidebarEntries({ permissions: held, role })) {
      const granted = held[resourceOf[entry.key]] ?? [];
      expect(granted.some((a) => a === "list" || a === "retrieve" || a === "manage")).toBe(true);
    }
  });

  test.prop([permissions, fc.constantFrom(...ROLE_CODES)])("adding permissions never removes an entry", (held, role) => {
    const before = sidebarEntries({ permissions: held, role }).map((e) => e.key);
    const widened: ClientPermissions = Object.fromEntries(RESOURCES.map((r) => [r, ["list", "retrieve", "manage"]]));
    const after = sidebarEntries({ permissions: { ...held, ...widened }, role }).map((e) => e.key);
    for (const key of before) expect(after).toContain(key);
  });
});
