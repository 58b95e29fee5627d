import { sql } from "drizzle-orm";
import type { BillingLine } from "../../../domain/billing/index.ts";
import { monthTotalsCounter } from "../../../domain/billing/month-totals.ts";
import type { MonthExportRow } from "../../../domain/billing/month-export-csv.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { patients } from "../../db/schema/patients.ts";
import { type PatientSlice, sliceCondition } from "../../http/patient-scope.ts";
import { type RtmMonthRow, type RtmPatient, RTM_NAME_KEY } from "./rtm-month-rows.ts";

/**
 * The month-end's order and line (issue 24, docs/billing.md "Month-end"): the slice's patient ids in
 * the claim file's order (last name, then first name), read whole once (under a megabyte at 100,000)
 * and walked BATCH ids at a time by month-stored-lines.ts, and a judged patient's CSV line. Each
 * batch's names and months are read, used and dropped (issue 36: memory flat).
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

/** The month's running totals (domain/billing/month-totals.ts), fed one patient's month or stored sums at a time. */
export const monthTotals = monthTotalsCounter;
