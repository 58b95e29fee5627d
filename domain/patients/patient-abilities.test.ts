import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { allowedStatusActions, PATIENT_STATUS, statusTransition } from "../shared/statuses/patient-status.ts";
import { STATUS_ACTIONS } from "../shared/statuses/status-actions.ts";
import { toClientPermissions } from "../shared/permissions/client-permissions.ts";
import { permissionsForRole } from "../shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../shared/roles.ts";
import { offeredStatusActions, patientAbilities } from "./patient-abilities.ts";

const viewer = (role: RoleCode) => ({ permissions: toClientPermissions(permissionsForRole(role)), role });

describe("what the patients screens offer each role (from the permission table)", () => {
  it.each([
    ["institution_admin", { create: true, edit: true, chooseSlp: true, openSlp: true, statusActions: ["activate", "deactivate", "delete"], assignExercises: true, seeMonitoring: true, seeGoals: true }],
    ["staff_admin", { create: true, edit: true, chooseSlp: true, openSlp: true, statusActions: ["activate", "deactivate"], assignExercises: true, seeMonitoring: true, seeGoals: true }],
    ["staff", { create: false, edit: true, chooseSlp: false, openSlp: false, statusActions: [], assignExercises: true, seeMonitoring: true, seeGoals: true }],
    ["super_admin", { create: false, edit: false, chooseSlp: false, openSlp: false, statusActions: [], assignExercises: false, seeMonitoring: false, seeGoals: false }],
  ] as const)("%s", (role, expected) => {
    expect(patientAbilities(viewer(role))).toEqual(expected);
  });

  it("offers on one patient only what both the role and the patient's status allow", () => {
    const admin = patientAbilities(viewer("institution_admin"));
    expect(offeredStatusActions(admin, "active")).toEqual(["deactivate"]);
    expect(offeredStatusActions(admin, "inactive")).toEqual(["activate", "delete"]);
    // A pending patient is never offered Activate beside Deactivate (issue 23): Activate or Delete.
    expect(offeredStatusActions(admin, "pending")).toEqual(["activate", "delete"]);
    expect(offeredStatusActions(patientAbilities(viewer("staff_admin")), "inactive")).toEqual(["activate"]);
  });

  const roles = fc.constantFrom<RoleCode>("institution_admin", "staff_admin", "staff", "super_admin");
  const anyStatus = fc.oneof(fc.constantFrom<string>(...Object.values(PATIENT_STATUS)), fc.string());

  test.prop([roles, anyStatus])("every offered action is one the status rules let through, and one the role holds", (role, status) => {
    const abilities = patientAbilities(viewer(role));
    for (const action of offeredStatusActions(abilities, status)) {
      expect(statusTransition(status, action).ok).toBe(true);
      expect(abilities.statusActions).toContain(action);
    }
  });

  test.prop([roles, anyStatus])("nothing allowed and held is left out, and Activate and Deactivate are never offered together", (role, status) => {
    const abilities = patientAbilities(viewer(role));
    const offered = offeredStatusActions(abilities, status);
    for (const action of STATUS_ACTIONS) {
      expect(offered.includes(action)).toBe(allowedStatusActions(status).includes(action) && abilities.statusActions.includes(action));
    }
    expect(offered.includes("activate") && offered.includes("deactivate")).toBe(false);
  });
});
