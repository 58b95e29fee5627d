import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../shared/roles.ts";
import { offeredStatusActions, patientAbilities } from "./patient-abilities.ts";

const viewer = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });

describe("what the patients screens offer each role (from the permission table)", () => {
  it.each([
    ["institution_admin", { create: true, edit: true, chooseSlp: true, openSlp: true, statusActions: ["activate", "deactivate", "delete"] }],
    ["staff_admin", { create: true, edit: true, chooseSlp: true, openSlp: true, statusActions: ["activate", "deactivate"] }],
    ["staff", { create: false, edit: true, chooseSlp: false, openSlp: false, statusActions: [] }],
    ["super_admin", { create: false, edit: false, chooseSlp: false, openSlp: false, statusActions: [] }],
  ] as const)("%s", (role, expected) => {
    expect(patientAbilities(viewer(role))).toEqual(expected);
  });

  it("offers on one patient only what both the role and the patient's status allow", () => {
    const admin = patientAbilities(viewer("institution_admin"));
    expect(offeredStatusActions(admin, "active")).toEqual(["deactivate"]);
    expect(offeredStatusActions(admin, "inactive")).toEqual(["activate", "delete"]);
    expect(offeredStatusActions(admin, "pending")).toEqual(["activate", "deactivate", "delete"]);
    expect(offeredStatusActions(patientAbilities(viewer("staff_admin")), "inactive")).toEqual(["activate"]);
  });
});
