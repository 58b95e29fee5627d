// A locked month keeps what it was locked with (issue 31, item 2): the lines judged at the lock are
// stored and served as they were; judging the month again on live data may give other lines (a flag
// set after the lock, another supply kind or time zone), and those are shown as differences to review,
// never written over the locked copy. Pure: the server hands in both sides.
import * as Schema from "effect/Schema";
import { codesText, type MonthExportRow } from "./month-export-csv.ts";

/** A CSV line as kept at the lock (decoded when read back from storage). */
export const LockedLine = Schema.Struct({
  patient: Schema.String,
  dateOfBirth: Schema.String,
  renderingSlp: Schema.String,
  periodStart: Schema.String,
  periodEnd: Schema.String,
  dataDays: Schema.NullOr(Schema.Int),
  minutes: Schema.Int,
  callDates: Schema.Array(Schema.String),
  codes: Schema.Array(Schema.Struct({ code: Schema.String, units: Schema.Int, modifier: Schema.String })),
  billable: Schema.Boolean,
});
export type LockedLine = typeof LockedLine.Type;

/** What the month was judged with at the lock: a later change of any of these is why live lines may differ. */
export const LockInputs = Schema.Struct({
  institution_version: Schema.Int,
  supply_kind: Schema.NullOr(Schema.String),
  time_zone: Schema.String,
  judged_on: Schema.String,
  rules: Schema.String,
});
export type LockInputs = typeof LockInputs.Type;

/** The edition of the billing rules the lock judged with (the 2026 CPT table, issue 24; one judge, issue 31). */
export const RULES_EDITION = "cpt-2026/issue-31";

/** One patient whose line judged today is not the line locked (either may be missing: a patient added or gone since). */
export type LineDifference = {
  readonly patientId: number;
  readonly patient: string;
  readonly locked: MonthExportRow | null;
  readonly now: MonthExportRow | null;
};

/**
 * Whether a live line differs from the locked one in what the claim says: billable, the codes, the
 * billed period, the minutes or the call days. A patient on one side only differs when that side
 * bills (a patient added since the lock with nothing to bill changes no claim).
 */
export const lineDiffers = (locked: MonthExportRow | null, now: MonthExportRow | null): boolean => {
  if (locked === null || now === null) return (locked ?? now)?.billable === true;
  const claim = (row: MonthExportRow): string =>
    [row.billable, codesText(row.codes), row.billable ? `${row.periodStart}..${row.periodEnd}` : "", row.minutes, row.callDates.join(" ")].join("|");
  return claim(locked) !== claim(now);
};

/** The patients whose live line differs from the locked one, in the locked file's order, then those added since. */
export const monthDifferences = (
  locked: ReadonlyArray<{ readonly patientId: number; readonly line: MonthExportRow }>,
  now: ReadonlyArray<{ readonly patientId: number; readonly line: MonthExportRow }>,
): LineDifference[] => {
  const live = new Map(now.map((row) => [row.patientId, row.line]));
  const lockedIds = new Set(locked.map((row) => row.patientId));
  const differences: LineDifference[] = [];
  for (const row of locked) {
    const current = live.get(row.patientId) ?? null;
    if (lineDiffers(row.line, current)) differences.push({ patientId: row.patientId, patient: row.line.patient, locked: row.line, now: current });
  }
  for (const row of now) {
    if (!lockedIds.has(row.patientId) && lineDiffers(null, row.line)) differences.push({ patientId: row.patientId, patient: row.line.patient, locked: null, now: row.line });
  }
  return differences;
};
