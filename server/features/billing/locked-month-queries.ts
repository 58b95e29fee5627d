import { and, asc, eq, sql } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { LockedLine, LockInputs, monthDifferences, RULES_EDITION } from "../../../domain/billing/locked-month.ts";
import { type LockedCopy, REVIEW_LIMIT } from "../../../domain/billing/month-close-wire.ts";
import { codesText, type MonthExportRow } from "../../../domain/billing/month-export-csv.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmMonthLockLines, rtmMonthLocks } from "../../db/schema/month-close.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";
import { claimOrderIds, monthTotals } from "./month-close-judge.ts";
import { exportRowOfLine, type MonthLine, storedLineBatches } from "./month-stored-lines.ts";
import type { RtmMonthContext } from "./rtm-month-rows.ts";

/**
 * A locked month's kept copy (issue 31, item 2; docs/billing.md "Month-end"): the lock judges every
 * patient of the institution once and keeps each CSV line, status and codes (rtm_month_lock_lines,
 * migration 0026) with what it was judged with (the lock's `inputs`) and the institution's totals.
 * A locked month's CSV and totals are read from that copy; a live judgement is only ever compared
 * with it (the differences to review), never served in its place.
 */

const decodeLine = Schema.decodeUnknownSync(LockedLine);
const decodeInputs = Schema.decodeUnknownSync(LockInputs);

/** What the lock records about the month's inputs: the institution's version, supply kind and time zone, and the day judged. */
export const lockInputsOf = async (db: Database, context: RtmMonthContext): Promise<LockInputs> => {
  const [row] = await db
    .select({ version: institutions.version, kind: institutions.rtmSupplyKind, timeZone: institutions.timeZone })
    .from(institutions)
    .where(eq(institutions.id, context.institutionId))
    .limit(1);
  return { institution_version: row?.version ?? 0, supply_kind: row?.kind ?? null, time_zone: row?.timeZone ?? context.timeZone, judged_on: context.today, rules: RULES_EDITION };
};

/** Keeps a batch of the month's lines as locked, numbered from `position` in the claim file's order. */
export const keepLockedLines = async (tx: Database, context: RtmMonthContext, batch: readonly MonthLine[], position: number): Promise<void> => {
  if (batch.length === 0) return;
  await tx.insert(rtmMonthLockLines).values(
    batch.map((one, index) => ({
      institutionId: context.institutionId,
      month: context.month,
      patientId: one.patient.id,
      position: position + index,
      staffId: one.patient.staffId,
      status: one.status,
      line: { ...exportRowOfLine(one) },
    })),
  );
};

/** Records what the lock judged with and the institution's totals on the lock's row. */
export const keepLockSummary = async (tx: Database, context: RtmMonthContext, inputs: LockInputs, totals: object): Promise<void> => {
  await tx
    .update(rtmMonthLocks)
    .set({ inputs: { ...inputs }, totals: { ...totals } })
    .where(and(eq(rtmMonthLocks.institutionId, context.institutionId), eq(rtmMonthLocks.month, context.month)));
};

/** The lock's inputs, or null when the month is open or was locked before a copy was kept (migration 0026). */
export const lockedInputsOf = async (db: Database, institutionId: number, month: string): Promise<LockInputs | null> => {
  const [row] = await db
    .select({ inputs: rtmMonthLocks.inputs })
    .from(rtmMonthLocks)
    .where(and(eq(rtmMonthLocks.institutionId, institutionId), eq(rtmMonthLocks.month, month)))
    .limit(1);
  return row?.inputs == null ? null : decodeInputs(row.inputs);
};

/** A kept line of the caller's slice. */
export type KeptLine = { readonly patientId: number; readonly status: string; readonly line: MonthExportRow };

/**
 * The kept lines of the caller's slice, in the locked file's order: an administrator the institution's
 * every line, an SLP the lines of the caseload the month was locked with (the SLP assigned at the lock).
 */
export const keptLinesOf = async (db: Database, slice: PatientSlice, month: string): Promise<KeptLine[]> => {
  const rows = await db
    .select({ patientId: rtmMonthLockLines.patientId, status: rtmMonthLockLines.status, line: rtmMonthLockLines.line })
    .from(rtmMonthLockLines)
    .where(
      and(
        eq(rtmMonthLockLines.institutionId, slice.institutionId),
        eq(rtmMonthLockLines.month, month),
        slice.staffId === null ? sql`true` : eq(rtmMonthLockLines.staffId, slice.staffId),
      ),
    )
    .orderBy(asc(rtmMonthLockLines.position));
  return rows.map((row) => ({ patientId: row.patientId, status: row.status, line: decodeLine(row.line) }));
};

/** The totals of kept lines, counted as the live totals are. */
export const keptTotals = (kept: readonly KeptLine[]) => {
  const totals = monthTotals();
  for (const row of kept) totals.addLine(row.status, row.line.codes);
  return totals.result();
};

const sideOf = (line: MonthExportRow | null) =>
  line === null ? null : { codes: codesText(line.codes), billable: line.billable, period_start: line.periodStart, period_end: line.periodEnd, minutes: line.minutes };

/** The kept copy as the state shows it: its inputs, and the caller's lines that judged today differ from it. */
export const lockedCopyOf = async (db: Database, slice: PatientSlice, context: RtmMonthContext, inputs: LockInputs, kept: readonly KeptLine[]): Promise<LockedCopy> => {
  const now: Array<{ patientId: number; line: MonthExportRow }> = [];
  // Today's lines from the month's stored ones (a patient without a fresh one judged now, not stored).
  for await (const batch of storedLineBatches(db, slice, context, await claimOrderIds(db, slice))) {
    for (const one of batch) now.push({ patientId: one.patient.id, line: exportRowOfLine(one) });
  }
  const differences = monthDifferences(kept, now);
  return {
    inputs,
    differences: differences.length,
    review: differences.slice(0, REVIEW_LIMIT).map((difference) => ({
      patient_id: difference.patientId as PatientId,
      patient: difference.patient,
      locked: sideOf(difference.locked),
      now: sideOf(difference.now),
    })),
  };
};
