import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../shared/roles.ts";
import { institutionAbilities } from "./institution-abilities.ts";

const holder = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });
const READ_ONLY = { create: false, edit: false, assignGames: false, seeAdministrators: false, addAdministrator: false };

describe("what the institutions screens offer each role (from the permission table)", () => {
  it.each([
    ["super_admin", { create: true, edit: true, assignGames: true, seeAdministrators: true, addAdministrator: true }],
    // An institution's own administrator edits it and its games but never creates another institution.
    ["institution_admin", { create: false, edit: true, assignGames: true, seeAdministrators: true, addAdministrator: true }],
    ["staff_admin", READ_ONLY],
    ["staff", READ_ONLY],
  ] as const)("%s", (role, expected) => {
    expect(institutionAbilities(holder(role))).toEqual(expected);
  });

  it("grants nothing to a record that carries no permissions, whatever its role", () => {
    expect(institutionAbilities({ permissions: toClientPermissions({}), role: "super_admin" })).toEqual(READ_ONLY);
  });
});
