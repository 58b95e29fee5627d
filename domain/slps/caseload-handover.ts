import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";
import { STAFF_STATUS } from "../shared/statuses/staff-status.ts";
import type { StatusAction } from "../shared/statuses/status-actions.ts";

/** The SLP chosen to take over a caseload, as the server found them in the leaving SLP's institution (undefined: no such SLP there). */
export type Successor = { readonly id: number; readonly status: string } | undefined;

/** An SLP being deactivated or deleted: who they are, their status and how many live patients are assigned to them. */
export type LeavingSlp = { readonly id: number; readonly status: string; readonly patients: number };

/**
 * Patients are never left without their SLP by accident: deactivating or deleting an SLP who
 * still has patients needs another active SLP of the same institution to take them over (moved in
 * the same transaction). Without one the action is ERROR_050 naming the SLP's status; an unknown
 * or foreign successor is ERROR_030, the SLP themselves or an SLP who is not active ERROR_052.
 * The answer is the successor's id, or null when there is nothing to move.
 */
export const checkCaseloadHandover = (
  action: StatusAction,
  leaving: LeavingSlp,
  successorId: number | undefined,
  successor: Successor,
): Result<number | null> => {
  if (action === "activate" || leaving.patients === 0) return succeed(null);
  if (successorId === undefined) {
    return fail("ERROR_050", catalogueMessage("ERROR_050", { status: leaving.status }), { field: "reassign_to", placeholders: { status: leaving.status } });
  }
  if (successor === undefined || successor.id !== successorId) {
    return fail("ERROR_030", catalogueMessage("ERROR_030", { field_name: "staff" }), { field: "reassign_to", placeholders: { field_name: "staff" } });
  }
  if (successor.id === leaving.id || successor.status !== STAFF_STATUS.active) {
    return fail("ERROR_052", catalogueMessage("ERROR_052"), { field: "reassign_to" });
  }
  return succeed(successor.id);
};

/** Whether a dialog must ask who takes the SLP's patients before this action. */
export const needsSuccessor = (action: StatusAction, patients: number): boolean => action !== "activate" && patients > 0;
