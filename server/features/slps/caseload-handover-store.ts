import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Successor } from "../../../domain/slps/caseload-handover.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { nextVersion } from "../../http/record-version.ts";

/**
 * Locks the leaving SLP's and the successor's staff rows in id order before anything else, so
 * two handovers in opposite directions (A to B, B to A) queue instead of deadlocking.
 */
export const lockStaffRows = async (tx: Database, staffIds: ReadonlyArray<number | undefined>): Promise<void> => {
  const ids = [...new Set(staffIds.filter((id): id is number => id !== undefined))];
  await tx.select({ id: staff.id }).from(staff).where(inArray(staff.id, ids)).orderBy(staff.id).for("update");
};

/**
 * The live patients assigned to an SLP, locked until the change commits: a patient assigned to
 * them meanwhile waits, so none is left behind with an SLP who is leaving.
 */
export const lockCaseload = async (tx: Database, staffId: number): Promise<readonly number[]> => {
  const rows = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.assignedStaffId, staffId), isNull(patients.archivedAt)))
    .orderBy(patients.id)
    .for("update");
  return rows.map((row) => row.id);
};

/** The SLP named to take a caseload over, if they are a living SLP of the institution (their row locked, so they cannot leave meanwhile). */
export const findSuccessor = async (tx: Database, institutionId: number, successorId: number | undefined): Promise<Successor> => {
  if (successorId === undefined) return undefined;
  const [row] = await tx
    .select({ id: staff.id, status: staff.status })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.id, successorId), eq(staff.institutionId, institutionId), isNull(users.archivedAt)))
    .for("update");
  return row;
};

/** Assigns these patients to the successor, each record's version moving on (an open edit of one is now stale). */
export const moveCaseload = async (tx: Database, patientIds: readonly number[], successorId: number, now: Date): Promise<void> => {
  if (patientIds.length === 0) return;
  await tx
    .update(patients)
    .set({ assignedStaffId: successorId, version: nextVersion(patients.version), updatedAt: now })
    .where(inArray(patients.id, [...patientIds]));
};
