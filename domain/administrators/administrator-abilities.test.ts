import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../shared/roles.ts";
import { administratorAbilities } from "./administrator-abilities.ts";

const holder = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });
const NOTHING = { create: false, edit: false, activate: false, deactivate: false, delete: false, pickInstitution: false, openInstitution: true };
const EVERYTHING = { create: true, edit: true, activate: true, deactivate: true, delete: true };

describe("what the administrators screens offer each role (from the permission table)", () => {
  it.each([
    ["super_admin", { ...EVERYTHING, pickInstitution: true, openInstitution: true }],
    ["institution_admin", { ...EVERYTHING, pickInstitution: false, openInstitution: true }],
    ["staff_admin", NOTHING],
    ["staff", NOTHING],
  ] as const)("%s", (role, expected) => {
    expect(administratorAbilities(holder(role))).toEqual(expected);
  });

  it("never lets a record without the role pick an institution, whatever it carries", () => {
    expect(administratorAbilities({ ...holder("super_admin"), role: undefined }).pickInstitution).toBe(false);
  });
});
