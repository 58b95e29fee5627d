import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import { ROLE_CODES } from "../shared/roles.ts";
import { assignAbilities } from "./assign-abilities.ts";

describe("assignAbilities", () => {
  it.each(ROLE_CODES)("follows the permission table for %s", (role) => {
    const abilities = assignAbilities({ permissions: toClientPermissions(permissionsForRole(role)), roleCode: role });
    expect(abilities.fromTemplate).toBe(role === "institution_admin" || role === "staff_admin");
    expect(abilities.saveAsTemplate).toBe(role === "institution_admin" || role === "super_admin");
  });
});
