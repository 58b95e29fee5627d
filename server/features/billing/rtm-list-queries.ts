import { type SQL, and, asc, desc, eq, sql, sum } from "drizzle-orm";
import { BILLING_STATUSES, type BillingStatus, type IsoMonth } from "../../../domain/billing/index.ts";
import type { RtmListResponse, RtmOrdering } from "../../../domain/billing/rtm-list-wire.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";
import { type RtmMonthContext, type RtmPatient, rtmMonthContext, rtmMonthRows, RTM_NAME_KEY, slicePatients } from "./rtm-month-rows.ts";
import { freshCountsByRank, markStale, refreshStatuses, type StatusSlice } from "./rtm-status-store.ts";

type ResponseJson = RtmListResponse;

/**
 * The /rtm list (issue 24): one page of the slice's patients by the patients' own name indexes
 * (patients_list_name_idx, patients_caseload_name_idx), its count from patient_counts, then for
 * that page only, the month's rows by patient id (rtmMonthRows: one statement of indexed reads, never a scan of
 * game_sessions, the status the domain's per row), whatever the institution's size.
 *
 * Filtered or sorted by status, the page comes from the statuses kept ahead of the read
 * (rtm_month_statuses, rtm-status-store.ts) by their status-then-name indexes: the read first works
 * out what the slice is missing, up to STATUS_BUDGET patients, and says how many are still pending.
 */

/** Patients a status-filtered or status-sorted read may work out before answering (the rest: the background pass or the next read). */
export const STATUS_BUDGET = 2_000;
/** …and no new batch after this long, so a first read of a large institution still answers within about a second or two. */
export const STATUS_BUDGET_MS = 1_000;

export type RtmListAsk = {
  readonly month: IsoMonth | undefined;
  readonly page: number;
  readonly pageSize: number;
  readonly slp: number | undefined;
  readonly ordering: RtmOrdering | undefined;
  readonly status?: BillingStatus | undefined;
};

const orderOf = (ordering: RtmOrdering | undefined): SQL[] =>
  ordering === "-name" ? [desc(RTM_NAME_KEY), desc(patients.id)] : [asc(RTM_NAME_KEY), asc(patients.id)];

/** How many patients the list holds: the sum of at most six patient_counts rows the triggers keep exact. */
const countOf = async (db: Database, institutionId: number, staffKey: number): Promise<number> => {
  const [row] = await db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(and(eq(patientCounts.institutionId, institutionId), eq(patientCounts.staffKey, staffKey)));
  return row?.total ?? 0;
};

/** One page of the /rtm list for the caller's slice, as of `now`. */
export const rtmListPage = async (db: Database, slice: PatientSlice, ask: RtmListAsk, now: Date): Promise<ResponseJson> => {
  const context = await rtmMonthContext(db, slice.institutionId, ask.month, now);
  const { month, today } = context;

  // An SLP reaches only their caseload: asking for another SLP's gives an empty list, not theirs.
  const clash = slice.staffId !== null && ask.slp !== undefined && ask.slp !== slice.staffId;
  const staffId = slice.staffId ?? ask.slp ?? null;
  const empty = { current_page: ask.page, total_pages: 0, count: 0, results: [], month, today, supply_kind_chosen: context.kind !== null };
  if (clash) return empty;
  const total = await countOf(db, slice.institutionId, staffId ?? -1);
  if (ask.status !== undefined || ask.ordering === "status" || ask.ordering === "-status") {
    return statusPage(db, context, { institutionId: slice.institutionId, staffId }, ask, total);
  }
  const answer = { ...empty, total_pages: Math.ceil(total / ask.pageSize), count: total };
  const start = (ask.page - 1) * ask.pageSize;
  if (start >= total) return answer;

  const page = await slicePatients(db, { institutionId: slice.institutionId, staffId })
    .orderBy(...orderOf(ask.ordering))
    .limit(ask.pageSize)
    .offset(start);
  if (page.length === 0) return answer;
  const results = (await rtmMonthRows(db, context, page)).map((judged) => judged.row);
  return { ...answer, results };
};

const statusOrder = (ordering: RtmOrdering | undefined): SQL => {
  if (ordering === "-name") return sql`s.status_rank desc nulls last, s.name_key collate "C" desc, s.patient_id desc`;
  if (ordering === "-status") return sql`s.status_rank desc nulls last, s.name_key collate "C", s.patient_id`;
  return sql`s.status_rank, s.name_key collate "C", s.patient_id`;
};

/**
 * One page filtered or sorted by status: the slice's missing statuses worked out first (bounded),
 * then the page's patients by the kept statuses' index (status, then name), then their rows as the
 * name-ordered page makes them. A row whose status moved since it was kept (a write racing the
 * refresh) is shown as it is now and marked stale, so the next read files it right.
 */
const statusPage = async (db: Database, context: RtmMonthContext, slice: StatusSlice, ask: RtmListAsk, total: number): Promise<ResponseJson> => {
  const { month, today } = context;
  // One scan counts the fresh statuses per status; only a slice still missing some works them out first.
  const sumOf = (counts: ReadonlyMap<number, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);
  let counts = await freshCountsByRank(db, context, slice);
  let progress = { pending: Math.max(0, total - sumOf(counts)), total };
  if (progress.pending > 0) {
    await refreshStatuses(db, context, slice, total, STATUS_BUDGET, undefined, STATUS_BUDGET_MS);
    counts = await freshCountsByRank(db, context, slice);
    progress = { pending: Math.max(0, total - sumOf(counts)), total };
  }
  const rank = ask.status === undefined ? null : BILLING_STATUSES.indexOf(ask.status);
  const where = sql`s.month = ${month} and ${
    slice.staffId === null ? sql`s.institution_id = ${slice.institutionId}` : sql`s.staff_id = ${slice.staffId} and s.institution_id = ${slice.institutionId}`
  } ${rank === null ? sql`` : sql`and s.status_rank = ${rank}`} and not s.stale and (s.valid_until is null or s.valid_until > ${today}::date)`;
  const count = rank === null ? sumOf(counts) : (counts.get(rank) ?? 0);
  const answer = {
    current_page: ask.page,
    total_pages: Math.ceil(count / ask.pageSize),
    count,
    results: [] as ResponseJson["results"],
    month,
    today,
    supply_kind_chosen: context.kind !== null,
    statuses_pending: progress.pending,
    statuses_total: progress.total,
  };
  const start = (ask.page - 1) * ask.pageSize;
  if (start >= count) return answer;
  const rows = rowsOf(
    await db.execute(sql`select s.patient_id, s.status, p.first_name, p.last_name, p.birthdate::text as birthdate, st.id as staff_id,
        su.first_name as slp_first, su.last_name as slp_last
      from (select s.patient_id, s.status, s.status_rank, s.name_key from rtm_month_statuses s where ${where}
            order by ${statusOrder(ask.ordering)} limit ${ask.pageSize} offset ${start}) s
      join patients p on p.id = s.patient_id and p.archived_at is null and p.institution_id = ${slice.institutionId}
      left join staff st on st.id = p.assigned_staff_id
      left join users su on su.id = st.user_id
      order by ${statusOrder(ask.ordering)}`),
  );
  const page: RtmPatient[] = rows.map((row) => ({
    id: Number(row.patient_id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    birthdate: String(row.birthdate),
    staffId: row.staff_id === null ? null : Number(row.staff_id),
    slpFirst: row.slp_first === null ? null : String(row.slp_first),
    slpLast: row.slp_last === null ? null : String(row.slp_last),
  }));
  const kept = new Map(rows.map((row) => [Number(row.patient_id), String(row.status)]));
  const judged = await rtmMonthRows(db, context, page);
  await markStale(db, month, judged.filter((one) => kept.get(one.row.patient.id) !== one.row.status).map((one) => one.row.patient.id));
  return { ...answer, results: judged.map((one) => one.row) };
};
