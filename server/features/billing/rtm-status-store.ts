import { sql } from "drizzle-orm";
import { BILLING_STATUSES } from "../../../domain/billing/billing-status.ts";
import { statusValidUntil } from "../../../domain/billing/status-valid-until.ts";
import { storedLineOf } from "../../../domain/billing/stored-line.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { judgeMonths, readMonthRows, type RtmMonthContext, type RtmPatient } from "./rtm-month-rows.ts";

/**
 * Statuses kept ahead of the read (issue 24, docs/billing.md "/rtm"): rtm_month_statuses holds each
 * patient's status for a month, worked out here in batches through rtmMonthRows (the same reads and
 * the same domain monthStatus as the page) with the day it stops holding (statusValidUntil). The
 * triggers of migration 0022 mark a row stale when a write changes what it was worked out from.
 *
 * A batch first makes sure a row exists for each of its patients (a stale placeholder), reads their
 * generations, then reads and judges the patients, and stores each status only over the generation
 * it read: a write landing in between moves the generation (its trigger), so the row stays stale and
 * is worked out again rather than keep what the batch read before the write.
 */

/** Patients worked out per batch: five indexed reads for all of them, one write. */
export const STATUS_BATCH = 500;

/** Whose statuses: an institution's, or one SLP's caseload in it. */
export type StatusSlice = { readonly institutionId: number; readonly staffId: number | null };

/** A row holds while not stale and today is before the day it stops holding (none: for good). */
export const freshStatus = (today: string) => sql`(not s.stale and (s.valid_until is null or s.valid_until > ${today}::date))`;

export const statusSliceOf = (slice: StatusSlice, alias: "s" | "p") =>
  slice.staffId === null
    ? sql`${sql.raw(alias)}.institution_id = ${slice.institutionId}`
    : sql`${sql.raw(alias)}.institution_id = ${slice.institutionId} and ${sql.raw(alias === "s" ? "s.staff_id" : "p.assigned_staff_id")} = ${slice.staffId}`;

const intArray = (values: readonly number[]): string => `{${values.join(",")}}`;

/** The slice's key in rtm_status_counts: its SLP, or -1 for the whole institution. */
const staffKeyOf = (slice: StatusSlice): number => slice.staffId ?? -1;

/**
 * The slice's fresh statuses for the month counted per status rank (the total is their sum), from
 * rtm_status_counts (migration 0042, kept on write): the rows whose valid_until is after today, a
 * few dozen at most, where counting the month's kept statuses scanned 100,000 index entries a read.
 */
export const freshCountsByRank = async (db: Database, context: RtmMonthContext, slice: StatusSlice): Promise<ReadonlyMap<number, number>> =>
  new Map(
    rowsOf(
      await db.execute(sql`select c.status_rank, sum(c.total)::int as n from rtm_status_counts c
        where c.institution_id = ${slice.institutionId} and c.month = ${context.month} and c.staff_key = ${staffKeyOf(slice)}
          and c.valid_until > ${context.today}::date
        group by c.status_rank having sum(c.total) <> 0 order by c.status_rank`),
    ).map((row) => [Number(row.status_rank), Number(row.n)] as const),
  );

/** How many of the slice's live patients hold a fresh status for the month. */
export const freshStatusCount = async (db: Database, context: RtmMonthContext, slice: StatusSlice): Promise<number> =>
  [...(await freshCountsByRank(db, context, slice)).values()].reduce((sum, n) => sum + n, 0);

/**
 * The next patients of the slice (by id, after `after`) whose month has no fresh status. The statuses'
 * `patient_id > after` repeats the patients' on purpose: PostgreSQL walks the statuses' key (patient,
 * month) beside the patients, and without it began at the first patient on every call, 50 calls a cold
 * month at 100,000 patients.
 */
export const unjudged = async (db: Database, context: RtmMonthContext, slice: StatusSlice, after: number, limit: number): Promise<RtmPatient[]> => {
  const rows = rowsOf(
    await db.execute(sql`select p.id, p.first_name, p.last_name, p.birthdate::text as birthdate, p.assigned_staff_id
      from patients p
      where ${statusSliceOf(slice, "p")} and p.archived_at is null and p.id > ${after}
        and not exists (select 1 from rtm_month_statuses s where s.patient_id = p.id and s.patient_id > ${after} and s.month = ${context.month} and ${freshStatus(context.today)})
      order by p.id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    birthdate: String(row.birthdate),
    staffId: row.assigned_staff_id === null ? null : Number(row.assigned_staff_id),
    slpFirst: null,
    slpLast: null,
  }));
};

/**
 * Works out one batch of patients' month (the page's reads and judge) and stores each status with its
 * claim line (migration 0038) over the generation read before the judgement; answers how many were
 * stored.
 */
export const judgeBatch = async (db: Database, context: RtmMonthContext, batch: readonly RtmPatient[]): Promise<number> => {
  if (batch.length === 0) return 0;
  const ids = intArray(batch.map((patient) => patient.id));
  await db.execute(sql`insert into rtm_month_statuses (patient_id, month, institution_id, staff_id, name_key, status, status_rank, stale)
    select p.id, ${context.month}, p.institution_id, p.assigned_staff_id, patient_fold(p.first_name), 'no activity', 4, true
    from patients p where p.id = any (${ids}::int[]) and p.archived_at is null
    order by p.id
    on conflict (patient_id, month) do nothing`);
  const generations = new Map(
    rowsOf(await db.execute(sql`select patient_id, generation from rtm_month_statuses where month = ${context.month} and patient_id = any (${ids}::int[])`)).map(
      (row) => [Number(row.patient_id), Number(row.generation)] as const,
    ),
  );
  // The judgements alone: the /rtm rows' names and day lists are not stored.
  const kept = judgeMonths(context, batch, await readMonthRows(db, context, batch)).filter((month) => generations.has(month.id));
  // One JSON document of the batch's rows, taken apart by the database: a status, its valid_until and its line per patient.
  const rows = kept.map(({ id, status, monitoringStart }) => ({
    patient_id: id,
    generation: generations.get(id) ?? -1,
    status_rank: BILLING_STATUSES.indexOf(status.status),
    valid_until: statusValidUntil({ month: context.month, today: context.today, monitoringStart }, status.currentPeriod),
    line: storedLineOf(status.line, monitoringStart),
  }));
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`update rtm_month_statuses s
    set status = (array[${sql.raw(BILLING_STATUSES.map((status) => `'${status}'`).join(", "))}]::text[])[u.status_rank + 1],
        status_rank = u.status_rank, stale = false, computed_on = ${context.today}::date, valid_until = u.valid_until, line = u.line
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(patient_id int, generation int, status_rank int, valid_until date, line jsonb)
    where s.patient_id = u.patient_id and s.month = ${context.month} and s.generation = u.generation`);
  return Number((result as { rowCount?: number | null }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? rows.length);
};

/** What a refresh did and left: statuses it stored, and how many of the slice's patients still have no fresh status, of how many. */
export type StatusProgress = { readonly stored: number; readonly pending: number; readonly total: number };

/**
 * Works out the slice's missing or stale statuses for the month, batch by batch, until none is left,
 * `budget` patients were judged or `withinMs` has passed; then says how many are still pending out of
 * the slice's `total`.
 */
export const refreshStatuses = async (
  db: Database,
  context: RtmMonthContext,
  slice: StatusSlice,
  total: number,
  budget: number,
  between: () => Promise<void> = async () => {},
  /** Stop starting batches after this many milliseconds (a read answers in time; the rest waits for the next one). */
  withinMs = Number.POSITIVE_INFINITY,
): Promise<StatusProgress> => {
  const until = performance.now() + withinMs;
  let judged = 0;
  let stored = 0;
  let after = 0;
  const before = await freshStatusCount(db, context, slice);
  if (before >= total) return { stored, pending: 0, total };
  // Counted again only at the end: a count over the institution's month per batch cost more than the batch's reads.
  while (judged < budget && performance.now() < until) {
    const batch = await unjudged(db, context, slice, after, Math.min(STATUS_BATCH, budget - judged));
    if (batch.length === 0) break;
    stored += await judgeBatch(db, context, batch);
    judged += batch.length;
    after = batch.at(-1)?.id ?? after;
    await between();
  }
  return { stored, pending: Math.max(0, total - (await freshStatusCount(db, context, slice))), total };
};

/** Marks these patients' rows of the month stale (a page found a row whose status no longer holds). */
export const markStale = async (db: Database, month: string, patientIds: readonly number[]): Promise<void> => {
  if (patientIds.length === 0) return;
  await db.execute(sql`update rtm_month_statuses set stale = true, generation = generation + 1
    where month = ${month} and patient_id = any (${intArray(patientIds)}::int[])`);
};
