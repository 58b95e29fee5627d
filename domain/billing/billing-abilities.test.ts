import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../shared/roles.ts";
import { billingAbilities } from "./billing-abilities.ts";

const holder = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });

describe("what the billing screens offer each role (from the permission table, docs/permissions.md)", () => {
  it.each([
    ["super_admin", { logTime: false, lockMonth: false, chooseSupplyKind: true }],
    // The institution's administrator locks months and chooses the supply kind, but logs no treatment time.
    ["institution_admin", { logTime: false, lockMonth: true, chooseSupplyKind: true }],
    ["staff_admin", { logTime: true, lockMonth: true, chooseSupplyKind: false }],
    ["staff", { logTime: true, lockMonth: false, chooseSupplyKind: false }],
  ] as const)("%s", (role, expected) => {
    expect(billingAbilities(holder(role))).toEqual(expected);
  });

  it("needs both rtm create and update to log time: one of them alone offers nothing", () => {
    expect(billingAbilities({ permissions: toClientPermissions({ rtm: ["create"] }), role: "staff" }).logTime).toBe(false);
    expect(billingAbilities({ permissions: toClientPermissions({ rtm: ["update"] }), role: "staff" }).logTime).toBe(false);
  });
});
