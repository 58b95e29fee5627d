import { sql } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { BILLING_STATUSES, type MonthStatusAlone } from "../../../domain/billing/billing-status.ts";
import type { MonthTotals } from "../../../domain/billing/month-close-wire.ts";
import type { MonthExportRow } from "../../../domain/billing/month-export-csv.ts";
import { monthTotalsCounter, type CountedMonths } from "../../../domain/billing/month-totals.ts";
import { StoredLine, storedLineOf } from "../../../domain/billing/stored-line.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import type { ReadSnapshot, SnapshotReaders } from "../../db/snapshot-readers.ts";
import { judgeMonths, judgeStatuses, type MonthReads, readMonthRows, type RtmMonthContext, type RtmPatient } from "./rtm-month-rows.ts";
import { freshCountsByRank, freshStatus, STATUS_BATCH, type StatusSlice, statusSliceOf, unjudged } from "./rtm-status-store.ts";

/**
 * The month-end from stored lines (issue 36, docs/billing.md "Month-end"): each patient's month is
 * judged once and kept in rtm_month_statuses with its claim line (migration 0038) by the background
 * pass (the current month, and the month before until it is locked) or the lock. The totals are then
 * sums over the fresh rows in SQL; the CSV reads a batch's stored lines with the patients' names. A
 * patient whose row is missing or stale (a write since, a day that moved the status) is judged in the
 * request and not stored there: storing costs a placeholder and a judged row per patient, five times
 * the judging (issue 36, docs/billing.md "Month-end"), so a read before the pass has stored an ended
 * month answers in seconds, and the pass stores it for the reads after.
 */

const decodeLine = Schema.decodeUnknownSync(StoredLine);
const READY = BILLING_STATUSES.indexOf("ready to bill");
const jsonOf = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

/** The fresh rows of the slice's month summed per status and per claim code (index only but for the billable rows' lines). */
const summedFresh = async (db: Database, context: RtmMonthContext, slice: StatusSlice): Promise<CountedMonths> => {
  const where = sql`${statusSliceOf(slice, "s")} and s.month = ${context.month} and ${freshStatus(context.today)}`;
  const byStatus = [...(await freshCountsByRank(db, context, slice))].map(([rank, patients]) => ({ status: BILLING_STATUSES[rank] ?? "no activity", patients }));
  // Only a ready-to-bill month has claim lines (the one judge: billable exactly when ready to bill).
  const byCode = rowsOf(
    await db.execute(sql`select c->>'code' as code, c->>'modifier' as modifier, sum((c->>'units')::int)::int as units, count(*)::int as n
      from rtm_month_statuses s cross join lateral jsonb_array_elements(s.line->'codes') c
      where ${where} and s.status_rank = ${READY}
      group by 1, 2`),
  ).map((row) => ({ code: String(row.code), modifier: String(row.modifier), units: Number(row.units), patients: Number(row.n) }));
  return { byStatus, billable: byStatus.find((row) => row.status === "ready to bill")?.patients ?? 0, byCode };
};

const lastId = (batch: readonly RtmPatient[]): number => batch.at(-1)?.id ?? 0;

/** A statement awaited later: this only keeps one that fails before then (or is left behind) from failing the process. */
const held = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => {});
  return promise;
};

/** Patients without a fresh stored month asked per statement: four batches (a batch of ids cost a third of its reads). */
const UNSTORED_PAGE = 4 * STATUS_BATCH;

/** Reads asked beside the first reader's, one per further reader (two readers: two backends read while this process judges). */
const EXTRA_READERS = 1;

/**
 * The slice's patients without a fresh stored month, judged a batch at a time and stored nowhere
 * (the judgements alone: the totals need no /rtm row).
 * Every reader has a batch's reads asked while this process judges the batch before (one statement
 * at a time on each connection), so the database works on as many batches as there are readers; the
 * first reader also lists the patients. At most one batch more than the readers is held.
 */
async function* judgedUnstored(readers: SnapshotReaders, context: RtmMonthContext, slice: StatusSlice): AsyncGenerator<readonly MonthStatusAlone[]> {
  const [lister] = readers;
  const queued: RtmPatient[][] = [];
  let after = 0;
  let more = true;
  const take = async (): Promise<RtmPatient[] | undefined> => {
    if (queued.length === 0 && more) {
      const page = await unjudged(lister, context, slice, after, UNSTORED_PAGE);
      more = page.length === UNSTORED_PAGE;
      after = lastId(page);
      for (let start = 0; start < page.length; start += STATUS_BATCH) queued.push(page.slice(start, start + STATUS_BATCH));
    }
    return queued.shift();
  };
  const inFlight: { readonly batch: RtmPatient[]; readonly reads: Promise<MonthReads> }[] = [];
  let turn = 0;
  const askAhead = async (): Promise<void> => {
    while (inFlight.length < readers.length) {
      const batch = await take();
      if (batch === undefined) return;
      const reader = readers[turn % readers.length] ?? lister;
      turn += 1;
      inFlight.push({ batch, reads: held(readMonthRows(reader, context, batch)) });
    }
  };
  await askAhead();
  for (let next = inFlight.shift(); next !== undefined; next = inFlight.shift()) {
    const read = await next.reads;
    await askAhead();
    // A read already answered resumes here without a turn of the event loop; with reads ahead on two
    // connections that is most of them, and judging batch after batch would hold every other request
    // (GET /api/health's p99 went over 100 ms). One turn a batch lets them in.
    await new Promise((resolve) => setImmediate(resolve));
    yield judgeStatuses(context, next.batch, read);
  }
}

/**
 * The slice's totals for the month: the fresh stored rows summed, and every patient without one
 * judged here, all in one snapshot (repeatable read, shared by the readers), so no patient is
 * counted twice or left out. Nothing is written: the background pass stores what was missing.
 */
export const storedMonthTotals = async (readSnapshot: ReadSnapshot, context: RtmMonthContext, slice: StatusSlice): Promise<MonthTotals> =>
  readSnapshot(EXTRA_READERS, async (readers) => {
    const counter = monthTotalsCounter();
    counter.addCounted(await summedFresh(readers[0], context, slice));
    for await (const batch of judgedUnstored(readers, context, slice)) for (const judged of batch) counter.addLine(judged.status, judged.lines);
    return counter.result();
  });

/** A patient's month as the export and the locked copy's review read it: who, the status, and the stored line. */
export type MonthLine = { readonly patient: RtmPatient; readonly status: string; readonly line: StoredLine };

/** A patient's CSV line: who (the patient, birth date, assigned SLP) beside the stored facts of their month. */
export const exportRowOfLine = ({ patient, line }: MonthLine): MonthExportRow => ({
  patient: `${patient.firstName} ${patient.lastName}`,
  dateOfBirth: patient.birthdate,
  renderingSlp: patient.staffId === null ? "" : `${patient.slpFirst ?? ""} ${patient.slpLast ?? ""}`.trim(),
  periodStart: line.periodStart ?? "",
  periodEnd: line.periodEnd ?? "",
  dataDays: line.dataDays,
  minutes: line.minutes,
  callDates: line.callDates,
  codes: line.codes,
  billable: line.billable,
});

/**
 * These patients of the slice (in the order of `ids`; one gone or moved out meanwhile is left out) with
 * their month: one statement reads their names, SLP and fresh stored line; those without one are judged
 * now (and stored by the background pass, not here).
 */
export const storedLinesOf = async (db: Database, slice: StatusSlice, context: RtmMonthContext, ids: readonly number[]): Promise<MonthLine[]> => {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`select p.id, p.first_name, p.last_name, p.birthdate::text as birthdate, st.id as staff_id,
        u.first_name as slp_first, u.last_name as slp_last, s.status, s.line
      from unnest(${`{${ids.join(",")}}`}::int[]) with ordinality as i(id, n)
      join patients p on p.id = i.id
      left join staff st on st.id = p.assigned_staff_id
      left join users u on u.id = st.user_id
      left join rtm_month_statuses s on s.patient_id = p.id and s.month = ${context.month} and ${freshStatus(context.today)}
      where ${statusSliceOf(slice, "p")} and p.archived_at is null
      order by i.n`),
  );
  const found = rows.map((row) => ({
    patient: {
      id: Number(row.id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      birthdate: String(row.birthdate),
      staffId: row.staff_id === null ? null : Number(row.staff_id),
      slpFirst: row.slp_first === null ? null : String(row.slp_first),
      slpLast: row.slp_last === null ? null : String(row.slp_last),
    },
    status: row.status === null ? null : String(row.status),
    line: row.line === null ? null : jsonOf(row.line),
  }));
  const missing = found.filter((one) => one.status === null || one.line === null).map((one) => one.patient);
  const judged = new Map(judgeMonths(context, missing, await readMonthRows(db, context, missing)).map((month) => [month.id, month] as const));
  return found.map((one): MonthLine => {
    if (one.status !== null && one.line !== null) return { patient: one.patient, status: one.status, line: decodeLine(one.line) };
    const month = judged.get(one.patient.id);
    if (month === undefined) throw new Error("a patient was not judged");
    return { patient: one.patient, status: month.status.status, line: storedLineOf(month.status.line, month.monitoringStart) };
  });
};

/**
 * The slice's months in the order of `ids`, a batch at a time; the next batch is read while this one
 * is used, never further ahead (at most two batches held).
 */
export async function* storedLineBatches(db: Database, slice: StatusSlice, context: RtmMonthContext, ids: readonly number[]): AsyncGenerator<readonly MonthLine[]> {
  // Awaited below; held keeps a read left behind (the walk stopped early) from failing the process.
  const load = (start: number) => held(storedLinesOf(db, slice, context, ids.slice(start, start + STATUS_BATCH)));
  let next = ids.length > 0 ? load(0) : null;
  for (let start = 0; next !== null; start += STATUS_BATCH) {
    const page = await next;
    next = start + STATUS_BATCH < ids.length ? load(start + STATUS_BATCH) : null;
    yield page;
  }
}
