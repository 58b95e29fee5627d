import { inArray, sql } from "drizzle-orm";
import type { BillingLine } from "../../../domain/billing/index.ts";
import { monthTotalsCounter } from "../../../domain/billing/month-totals.ts";
import type { MonthExportRow } from "../../../domain/billing/month-export-csv.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { patients } from "../../db/schema/patients.ts";
import { type PatientSlice, sliceCondition } from "../../http/patient-scope.ts";
import { judgeMonthRows, readMonthRows, type RtmMonthContext, type RtmMonthRow, type RtmPatient, RTM_NAME_KEY, slicePatients } from "./rtm-month-rows.ts";

/**
 * The month-end's walk over a slice (issue 24, docs/billing.md "Month-end"): every patient of the
 * slice in the claim file's order (last name, then first name), judged by rtmMonthRows' reads and judge in batches of
 * BATCH ids, so 100,000 patients are 200 rounds of a few indexed reads, never one read per patient
 * nor a scan of game_sessions. Only the ordered ids are read whole (under a megabyte at 100,000);
 * each batch's names and judged months are read, used and dropped (issue 36: memory flat).
 */

/** Patients judged per round. */
export const BATCH = 500;

/** One judged patient: who, their month (the domain's one judgement), and its claim lines. */
export type JudgedPatient = { readonly patient: RtmPatient; readonly month: RtmMonthRow; readonly lines: readonly BillingLine[] };

/** The claim file's order (issue 31, item 18): last name, then first name (folded as the list folds them), then id. */
const CLAIM_NAME_ORDER = [sql`patient_fold(${patients.lastName}) collate "C"`, RTM_NAME_KEY, patients.id] as const;

/**
 * The slice's patient ids in the claim file's order, sorted once by the database. Not a keyset
 * walk: no index holds this order, so each page would sort the institution again.
 */
export const claimOrderIds = async (db: Database, slice: PatientSlice): Promise<number[]> => {
  // One text of ids rather than a row each: 100,000 mapped rows cost the server 25 MB of heap at once.
  const [row] = rowsOf(
    await db.execute(sql`select string_agg(${patients.id}::text, ',' order by ${sql.join([...CLAIM_NAME_ORDER], sql`, `)}) as ids
      from ${patients} where ${sliceCondition(slice)}`),
  );
  const ids = typeof row?.ids === "string" && row.ids !== "" ? row.ids.split(",") : [];
  return ids.map(Number);
};

/** These patients of the slice as rtmMonthRows needs them, in the order of `ids` (one gone meanwhile is left out). */
const patientsOf = async (db: Database, slice: PatientSlice, ids: readonly number[]): Promise<RtmPatient[]> => {
  const rows = await slicePatients(db, slice, inArray(patients.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** A batch's patients and the reads of their month. */
const loadBatch = async (db: Database, slice: PatientSlice, context: RtmMonthContext, ids: readonly number[]) => {
  const page = await patientsOf(db, slice, ids);
  return { page, reads: await readMonthRows(db, context, page) };
};

/**
 * The slice's judged patients in the claim file's order, one batch at a time. The next batch is read
 * while this one is judged and used (the database works while Node does), never further ahead: at
 * most two batches are held.
 */
export async function* judgedBatches(db: Database, slice: PatientSlice, context: RtmMonthContext, ids?: readonly number[]): AsyncGenerator<readonly JudgedPatient[]> {
  const all = ids ?? (await claimOrderIds(db, slice));
  const load = (start: number) => {
    const loading = loadBatch(db, slice, context, all.slice(start, start + BATCH));
    // Awaited below; this only keeps a read left behind (the walk stopped early) from failing the process.
    loading.catch(() => {});
    return loading;
  };
  let next = all.length > 0 ? load(0) : null;
  for (let start = 0; next !== null; start += BATCH) {
    const { page, reads } = await next;
    next = start + BATCH < all.length ? load(start + BATCH) : null;
    const judged = judgeMonthRows(context, page, reads);
    yield page.map((patient, index) => {
      const month = judged[index];
      if (month === undefined) throw new Error("a patient was not judged");
      return { patient, month, lines: month.status.lines };
    });
  }
}

/** Walks the slice's patients in the claim file's name order, one batch of judged patients at a time. */
export const eachJudgedBatch = async (
  db: Database,
  slice: PatientSlice,
  context: RtmMonthContext,
  onBatch: (batch: readonly JudgedPatient[]) => Promise<void> | void,
): Promise<void> => {
  for await (const batch of judgedBatches(db, slice, context)) await onBatch(batch);
};

/** A patient's CSV line: who (the patient, birth date, assigned SLP) beside the facts the domain's judgement decided. */
export const exportRowOf = ({ patient, month }: JudgedPatient): MonthExportRow => {
  const { line } = month.status;
  return {
    patient: `${patient.firstName} ${patient.lastName}`,
    dateOfBirth: patient.birthdate,
    renderingSlp: month.row.slp?.name ?? "",
    periodStart: line.periodStart ?? "",
    periodEnd: line.periodEnd ?? "",
    dataDays: line.dataDays,
    minutes: line.minutes,
    callDates: line.callDates,
    codes: line.codes,
    billable: line.billable,
  };
};

/** The month's running totals (domain/billing/month-totals.ts), fed a judged batch at a time. */
export const monthTotals = () => {
  const counter = monthTotalsCounter();
  return {
    ...counter,
    add: (batch: readonly JudgedPatient[]): void => {
      for (const { month, lines } of batch) counter.addLine(month.status.status, lines);
    },
  };
};
