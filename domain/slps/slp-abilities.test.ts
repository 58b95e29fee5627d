import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import { roleAllows } from "../shared/permissions/role-permissions.ts";
import type { RoleCode } from "../shared/roles.ts";
import { allowedStatusActions } from "../shared/statuses/staff-status.ts";
import { offeredSlpStatusActions, slpAbilities } from "./slp-abilities.ts";

const viewer = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });
const ROLES: readonly RoleCode[] = ["super_admin", "institution_admin", "staff_admin", "staff"];

describe("what the SLPs screens offer each role (from the permission table)", () => {
  it.each([
    ["institution_admin", { create: true, edit: true, seePatients: true, statusActions: ["activate", "deactivate", "delete"] }],
    ["staff_admin", { create: true, edit: true, seePatients: true, statusActions: ["activate", "deactivate"] }],
    ["staff", { create: false, edit: false, seePatients: true, statusActions: [] }],
    ["super_admin", { create: false, edit: false, seePatients: false, statusActions: [] }],
  ] as const)("%s", (role, expected) => {
    expect(slpAbilities(viewer(role))).toEqual(expected);
  });

  it("never offers a staff administrator the delete of an SLP, whatever the SLP's status", () => {
    for (const status of ["pending", "active", "inactive"]) {
      expect(offeredSlpStatusActions(slpAbilities(viewer("staff_admin")), status)).not.toContain("delete");
    }
    expect(offeredSlpStatusActions(slpAbilities(viewer("institution_admin")), "inactive")).toEqual(["activate", "delete"]);
  });

  test.prop([fc.constantFrom(...ROLES), fc.constantFrom("pending", "active", "inactive", "archived", "")])(
    "offers an action only when both the role's permissions and the SLP's status allow it",
    (role, status) => {
      const serverAction = { activate: "activate", deactivate: "inactivate", delete: "delete" } as const;
      for (const action of offeredSlpStatusActions(slpAbilities(viewer(role)), status)) {
        expect(roleAllows(role, "staff", serverAction[action])).toBe(true);
        expect(allowedStatusActions(status)).toContain(action);
      }
    },
  );
});
