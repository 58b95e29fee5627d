import { asc, sql } from "drizzle-orm";
import type { BillingLine } from "../../../domain/billing/index.ts";
import { monthTotalsCounter } from "../../../domain/billing/month-totals.ts";
import type { MonthExportRow } from "../../../domain/billing/month-export-csv.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";
import { type RtmMonthContext, type RtmMonthRow, type RtmPatient, rtmMonthRows, RTM_NAME_KEY, slicePatients } from "./rtm-month-rows.ts";

/**
 * The month-end's walk over a slice (issue 24, docs/billing.md "Month-end"): every patient of the
 * slice in the claim file's order (last name, then first name), judged by rtmMonthRows in batches of
 * BATCH ids, so 100,000 patients are 200 rounds of a few indexed reads, never one read per patient
 * nor a scan of game_sessions.
 */

/** Patients judged per round. */
export const BATCH = 500;

/** One judged patient: who, their month (the domain's one judgement), and its claim lines. */
export type JudgedPatient = { readonly patient: RtmPatient; readonly month: RtmMonthRow; readonly lines: readonly BillingLine[] };

/** The claim file's order (issue 31, item 18): last name, then first name (folded as the list folds them), then id. */
const CLAIM_NAME_ORDER = [sql`patient_fold(${patients.lastName}) collate "C"`, RTM_NAME_KEY, patients.id] as const;

/** Walks the slice's patients in the claim file's name order, one batch of judged patients at a time. */
export const eachJudgedBatch = async (
  db: Database,
  slice: PatientSlice,
  context: RtmMonthContext,
  onBatch: (batch: readonly JudgedPatient[]) => Promise<void> | void,
): Promise<void> => {
  // The whole slice's ids and names at once (a few MB at 100,000), sorted once by the database.
  const all: RtmPatient[] = await slicePatients(db, slice).orderBy(...CLAIM_NAME_ORDER.map((key) => asc(key)));
  for (let start = 0; start < all.length; start += BATCH) {
    const page = all.slice(start, start + BATCH);
    const judged = await rtmMonthRows(db, context, page);
    await onBatch(
      page.map((patient, index) => {
        const month = judged[index];
        if (month === undefined) throw new Error("a patient was not judged");
        return { patient, month, lines: month.status.lines };
      }),
    );
  }
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
