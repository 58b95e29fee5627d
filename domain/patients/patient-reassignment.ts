import { catalogueMessage } from "../shared/error-catalogue.ts";
import { roleAllows } from "../shared/permissions/role-permissions.ts";
import { fail, succeed, type Result } from "../shared/result.ts";
import type { RoleCode } from "../shared/roles.ts";

/**
 * Moving a patient to another SLP (or to none) is a staffing decision, not an edit of the
 * patient's details: it takes editing patients and managing staff (`partial_update` on both in
 * the permission table), so institution and staff administrators may, and an SLP may not hand
 * their own patient to a colleague or drop them from their caseload.
 */
export const mayReassignPatient = (role: RoleCode): boolean => roleAllows(role, "patient", "partial_update") && roleAllows(role, "staff", "partial_update");

/** A patient edit keeps the assigned SLP unless the editor may reassign (mayReassignPatient); otherwise the permission error (403 ERROR_001) on `staff`, and nothing changes. */
export const checkPatientReassignment = (role: RoleCode, assignedStaffId: number | null, requestedStaffId: number | null): Result<number | null> =>
  requestedStaffId === assignedStaffId || mayReassignPatient(role)
    ? succeed(requestedStaffId)
    : fail("ERROR_001", catalogueMessage("ERROR_001"), { field: "staff" });
