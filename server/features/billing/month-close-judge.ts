import { and, asc, between, inArray } from "drizzle-orm";
import { addDays, BILLING_STATUSES, type BillingLine, SETUP_CODE } from "../../../domain/billing/index.ts";
import type { MonthTotals } from "../../../domain/billing/month-close-wire.ts";
import type { MonthExportRow } from "../../../domain/billing/month-export-csv.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import type { PatientSlice } from "../patients/index.ts";
import { type RtmMonthContext, type RtmMonthRow, type RtmPatient, rtmMonthRows, RTM_NAME_KEY, slicePatients } from "./rtm-month-rows.ts";

/**
 * The month-end's walk over a slice (issue 24, docs/billing.md "Month-end"): every patient of the
 * slice in name order (the /rtm list's order and index), judged by rtmMonthRows in batches of
 * BATCH ids, so 100,000 patients are 200 rounds of a few indexed reads, never one read per patient
 * nor a scan of game_sessions.
 */

/** Patients judged per round. */
export const BATCH = 500;

/** One judged patient: who, their month, and the claim lines the export bills (no supply line while no kind is chosen). */
export type JudgedPatient = { readonly patient: RtmPatient; readonly month: RtmMonthRow; readonly lines: readonly BillingLine[] };

/** The claim lines that go on the claim: the status's, leaving out a supply code while the institution has chosen no kind. */
const claimLines = (context: RtmMonthContext, judged: RtmMonthRow): readonly BillingLine[] =>
  judged.status.lines.filter((line) => context.kind !== null || line.kind !== "supply");

/** Walks the slice's patients in name order, one batch of judged patients at a time. */
export const eachJudgedBatch = async (
  db: Database,
  slice: PatientSlice,
  context: RtmMonthContext,
  onBatch: (batch: readonly JudgedPatient[]) => Promise<void> | void,
): Promise<void> => {
  // The whole slice's ids and names at once (a few MB at 100,000), in the list's name order by its index.
  const all: RtmPatient[] = await slicePatients(db, slice)
    .orderBy(asc(RTM_NAME_KEY), asc(patients.id));
  for (let start = 0; start < all.length; start += BATCH) {
    const page = all.slice(start, start + BATCH);
    const judged = await rtmMonthRows(db, context, page);
    await onBatch(page.map((patient, index) => {
      const month = judged[index];
      if (month === undefined) throw new Error("a patient was not judged");
      return { patient, month, lines: claimLines(context, month) };
    }));
  }
};

/** The patients of the batch whose month bills set-up (98975), with their episode's first day. */
export const setupLinesOf = (batch: readonly JudgedPatient[]): ReadonlyArray<{ readonly patientId: number; readonly episodeStart: string }> =>
  batch.flatMap(({ patient, month, lines }) =>
    lines.some((line) => line.code === SETUP_CODE) && month.row.monitoring_start !== null ? [{ patientId: patient.id, episodeStart: month.row.monitoring_start }] : [],
  );

/** The export's lines of a batch: the period is the billed supply period when there is one, else the current one. */
export const exportRowsOf = async (db: Database, context: RtmMonthContext, batch: readonly JudgedPatient[]): Promise<MonthExportRow[]> => {
  // Data days of a billed period that is not the current one: it ends in the month, so it lies in the 30 days before the month's end.
  const needCount = batch.filter(({ month, lines }) => {
    const supply = lines.find((line) => line.kind === "supply");
    return supply !== undefined && supply.from !== month.row.current_period?.start;
  });
  const days =
    needCount.length === 0
      ? []
      : await db
          .select({ patientId: patientDataDays.patientId, day: patientDataDays.day })
          .from(patientDataDays)
          .where(and(inArray(patientDataDays.patientId, needCount.map(({ patient }) => patient.id)), between(patientDataDays.day, addDays(context.first, -31), context.last)));
  const daysOf = new Map<number, string[]>();
  for (const day of days) daysOf.set(day.patientId, [...(daysOf.get(day.patientId) ?? []), day.day]);
  return batch.map(({ patient, month, lines }): MonthExportRow => {
    const supply = lines.find((line) => line.kind === "supply");
    const current = month.row.current_period;
    const period = supply === undefined ? (current === null ? null : { start: current.start, end: current.end }) : { start: supply.from, end: supply.to };
    const dataDays =
      period === null
        ? null
        : current !== null && period.start === current.start
          ? current.data_days
          : (daysOf.get(patient.id) ?? []).filter((day) => day >= period.start && day <= period.end).length;
    return {
      patient: `${patient.firstName} ${patient.lastName}`,
      dateOfBirth: patient.birthdate,
      renderingSlp: month.row.slp?.name ?? "",
      periodStart: period?.start ?? "",
      periodEnd: period?.end ?? "",
      dataDays,
      minutes: month.row.minutes_this_month,
      callDates: [...new Set(month.callsInMonth.map((call) => call.date))].sort(),
      codes: lines.map((line) => ({ code: line.code, units: line.units, modifier: line.modifier })),
      billable: lines.length > 0,
    };
  });
};

/** Running totals of a month over a slice: patients per status, units and patients per claim code. */
export const monthTotals = () => {
  const byStatus = new Map<string, number>(BILLING_STATUSES.map((status) => [status, 0]));
  const byCode = new Map<string, { code: string; modifier: string; units: number; patients: number }>();
  let patientsSeen = 0;
  let billable = 0;
  return {
    add: (batch: readonly JudgedPatient[]): void => {
      for (const { month, lines } of batch) {
        patientsSeen += 1;
        if (lines.length > 0) billable += 1;
        byStatus.set(month.status.status, (byStatus.get(month.status.status) ?? 0) + 1);
        for (const line of lines) {
          const key = `${line.code}-${line.modifier}`;
          const seen = byCode.get(key) ?? { code: line.code, modifier: line.modifier, units: 0, patients: 0 };
          byCode.set(key, { ...seen, units: seen.units + line.units, patients: seen.patients + 1 });
        }
      }
    },
    result: (): MonthTotals => ({
      patients: patientsSeen,
      billable,
      by_status: BILLING_STATUSES.map((status) => ({ status, patients: byStatus.get(status) ?? 0 })),
      by_code: [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code)),
    }),
  };
};
