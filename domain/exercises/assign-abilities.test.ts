import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import { ROLE_CODES } from "../shared/roles.ts";
import { assignAbilities } from "./assign-abilities.ts";

describe("assignAbilities", () => {
  it.each(ROLE_CODES)("follows the permission table for %s", (role) => {
    const abilities = assignAbilities({ permissions: toClientPermissions(permissionsForRole(role)), role });
    expect(abilities.assignGames).toBe(role !== "super_admin");
    expect(abilities.fromTemplate).toBe(role === "institution_admin" || role === "staff_admin");
    expect(abilities.saveAsTemplate).toBe(role === "institution_admin" || role === "super_admin");
  });

  it("offers templates by role, not by a permission the record happens to carry", () => {
    const staff = toClientPermissions(permissionsForRole("staff"));
    expect(assignAbilities({ permissions: staff, role: "staff_admin" }).fromTemplate).toBe(true);
    expect(assignAbilities({ permissions: toClientPermissions(permissionsForRole("institution_admin")), role: undefined }).fromTemplate).toBe(false);
  });
});
