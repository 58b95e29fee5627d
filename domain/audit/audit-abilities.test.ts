import { describe, expect, it } from "vitest";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../shared/roles.ts";
import { auditAbilities } from "./audit-abilities.ts";

const holder = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });

describe("what the audit viewer offers each role (from the permission table)", () => {
  it.each([
    // The super administrator reads and signs off the platform's log but has no patient filter: they hold no patient data.
    ["super_admin", { view: true, signOff: true, accounting: true, recordDisclosure: true, filterByPatient: false }],
    ["institution_admin", { view: true, signOff: true, accounting: true, recordDisclosure: true, filterByPatient: true }],
    ["staff_admin", { view: false, signOff: false, accounting: false, recordDisclosure: false, filterByPatient: false }],
    ["staff", { view: false, signOff: false, accounting: false, recordDisclosure: false, filterByPatient: false }],
  ] as const)("%s", (role, expected) => {
    expect(auditAbilities(holder(role))).toEqual(expected);
  });
});
