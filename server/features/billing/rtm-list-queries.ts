import { type SQL, and, eq, sql, sum } from "drizzle-orm";
import { type CursorKey, type PageCursor, cursorKeysFor } from "../../../domain/shared/wire/page-cursor.ts";
import { type KeyTerm, keysetOrder, pageCursors, readFromCursor } from "../../db/keyset.ts";
import { sliceCondition } from "../../http/patient-scope.ts";
import { BILLING_STATUSES, type BillingStatus, type IsoMonth } from "../../../domain/billing/index.ts";
import type { RtmListResponse, RtmOrdering } from "../../../domain/billing/rtm-list-wire.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";
import { type RtmMonthContext, type RtmPatient, patientsOfPage, rtmMonthContext, rtmMonthRows, RTM_NAME_KEY } from "./rtm-month-rows.ts";
import { freshCountsByRank, markStale, refreshStatuses, STATUS_BATCH, type StatusSlice } from "./rtm-status-store.ts";

type ResponseJson = RtmListResponse;

/**
 * The /rtm list (issue 24): one page of the slice's patients by the patients' own name indexes
 * (patients_list_name_idx, patients_caseload_name_idx), its count from patient_counts, then for
 * that page only, the month's rows by patient id (rtmMonthRows: one statement of indexed reads, never a scan of
 * game_sessions, the status the domain's per row), whatever the institution's size.
 *
 * Filtered or sorted by status, the page comes from the statuses kept ahead of the read
 * (rtm_month_statuses, rtm-status-store.ts) by their status-then-name indexes: the read first works
 * out what the slice is missing when that is a few (STATUS_IN_READ_MAX), and says how many are still pending.
 */

/**
 * The most missing statuses a status-filtered or status-sorted read works out before it answers: one
 * batch (about 150 ms at 100,000 patients, milliseconds for a clinic's few). Beyond it (a new month
 * at a large institution, a time-zone recount) the read answers at once with what is kept and how
 * many are pending, and the background pass, which runs every minute, does the rest once, however
 * many people are reading (issue 36: each poll of each reader used to work out 2,000 of them itself,
 * up to a second a read).
 */
export const STATUS_IN_READ_MAX = STATUS_BATCH;

export type RtmListAsk = {
  readonly month: IsoMonth | undefined;
  readonly page: number;
  readonly pageSize: number;
  readonly slp: number | undefined;
  readonly ordering: RtmOrdering | undefined;
  readonly status?: BillingStatus | undefined;
  /** A key cursor from an earlier page (docs/patients-api.md, "Paging and counting"): a seek, not an offset. */
  readonly cursor?: PageCursor | undefined;
};

/** A cursor that does not fit the order asked (another order's, keys of the wrong kinds). */
export const BAD_CURSOR = "bad_cursor" as const;

/** The name order's terms (patients_list_name_idx, patients_caseload_name_idx) and its cursor name. */
const nameTerms = (ordering: RtmOrdering | undefined): readonly KeyTerm[] => {
  const descending = ordering === "-name";
  return [
    { expression: RTM_NAME_KEY, descending, kind: "text" },
    { expression: sql`${patients.id}`, descending, kind: "id" },
  ];
};

/** The status order's terms over rtm_month_statuses (its list indexes): status, then name, then patient. */
export const statusTerms = (ordering: RtmOrdering | undefined): readonly KeyTerm[] => {
  const rankDescending = ordering === "-name" || ordering === "-status";
  const nameDescending = ordering === "-name";
  return [
    { expression: sql`s.status_rank`, descending: rankDescending, kind: "rank" },
    { expression: sql`s.name_key collate "C"`, descending: nameDescending, kind: "text" },
    { expression: sql`s.patient_id`, descending: nameDescending, kind: "id" },
  ];
};

/** How a cursor names an order: its terms' directions ("name", "-name", "-status_rank,name"). */
const orderName = (terms: readonly KeyTerm[], names: readonly string[]): string =>
  terms
    .slice(0, -1)
    .map((term, index) => `${term.descending ? "-" : ""}${names[index] ?? ""}`)
    .join(",");

type Paged<R> = { readonly page: number; readonly rows: readonly R[]; readonly next: boolean };

/**
 * One page by `page` (an offset) or from a cursor (a seek), in the terms' order: `read` gets the
 * condition past the cursor (or none), whether to read reversed, a limit and an offset. One row
 * more than a page is read to learn whether a next page exists.
 */
const pageOf = async <R>(
  ask: RtmListAsk,
  terms: readonly KeyTerm[],
  keys: readonly CursorKey[] | undefined,
  read: (condition: SQL | undefined, reversed: boolean, limit: number, offset: number) => Promise<readonly R[]>,
): Promise<Paged<R>> => {
  const byPage = async (page: number): Promise<Paged<R>> => {
    const rows = await read(undefined, false, ask.pageSize + 1, (page - 1) * ask.pageSize);
    return { page, rows: rows.slice(0, ask.pageSize), next: rows.length > ask.pageSize };
  };
  const cursor = ask.cursor;
  if (cursor === undefined || keys === undefined) return byPage(ask.page);
  const got = await readFromCursor(terms, cursor, keys, ask.pageSize, (condition, reversed, limit) => read(condition, reversed, limit, 0));
  // Read back to the start of the list: that is page 1, whatever number the cursor carried.
  if (!cursor.after && !got.more) return byPage(1);
  return { page: cursor.after ? cursor.page : Math.max(2, cursor.page), rows: got.rows, next: cursor.after ? got.more : true };
};

/** How many patients the list holds: the sum of at most six patient_counts rows the triggers keep exact. */
const countOf = async (db: Database, institutionId: number, staffKey: number): Promise<number> => {
  const [row] = await db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(and(eq(patientCounts.institutionId, institutionId), eq(patientCounts.staffKey, staffKey)));
  return row?.total ?? 0;
};

/** One page of the /rtm list for the caller's slice, as of `now`. */
export const rtmListPage = async (db: Database, slice: PatientSlice, ask: RtmListAsk, now: Date): Promise<ResponseJson | typeof BAD_CURSOR> => {
  // An SLP reaches only their caseload: asking for another SLP's gives an empty list, not theirs.
  const clash = slice.staffId !== null && ask.slp !== undefined && ask.slp !== slice.staffId;
  const staffId = slice.staffId ?? ask.slp ?? null;
  // The month's context and the slice's count do not wait for each other.
  const [context, total] = await Promise.all([rtmMonthContext(db, slice.institutionId, ask.month, now), clash ? 0 : countOf(db, slice.institutionId, staffId ?? -1)]);
  const { month, today } = context;
  const empty = { current_page: ask.page, total_pages: 0, count: 0, results: [], month, today, supply_kind_chosen: context.kind !== null };
  if (clash) return empty;
  if (ask.status !== undefined || ask.ordering === "status" || ask.ordering === "-status") {
    return statusPage(db, context, { institutionId: slice.institutionId, staffId }, ask, total);
  }
  const terms = nameTerms(ask.ordering);
  const order = orderName(terms, ["name"]);
  const keys = ask.cursor === undefined ? undefined : cursorKeysFor(ask.cursor, order, terms.map((term) => term.kind));
  if (ask.cursor !== undefined && keys === undefined) return BAD_CURSOR;
  const answer = { ...empty, total_pages: Math.ceil(total / ask.pageSize), count: total };
  if (ask.cursor === undefined && (ask.page - 1) * ask.pageSize >= total) return answer;

  // The page's ids and name keys by the name index (a seek from a cursor), with their names and SLP in the same statement.
  const scope = sliceCondition({ institutionId: slice.institutionId, staffId });
  const paged = await pageOf(ask, terms, keys, (condition, reversed, limit, offset) => {
    const order = keysetOrder(terms, reversed);
    const pageIds = db
      .select({ id: patients.id, nameKey: sql<string>`patient_fold(${patients.firstName})`.as("name_key") })
      .from(patients)
      .where(and(scope, condition))
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .getSQL();
    return patientsOfPage(db, pageIds, order);
  });
  const edges = { first: paged.rows[0], last: paged.rows.at(-1) };
  const cursors = pageCursors(order, paged.page, { first: edges.first && [edges.first.nameKey, edges.first.id], last: edges.last && [edges.last.nameKey, edges.last.id] }, { next: paged.next, previous: true });
  if (paged.rows.length === 0) return { ...answer, current_page: paged.page, ...cursors };
  const page: RtmPatient[] = paged.rows.map(({ nameKey: _key, ...patient }) => patient);
  const results = (await rtmMonthRows(db, context, page)).map((judged) => judged.row);
  return { ...answer, current_page: paged.page, ...cursors, results };
};

/**
 * One page filtered or sorted by status: the slice's missing statuses worked out first (bounded),
 * then the page's patients by the kept statuses' index (status, then name), then their rows as the
 * name-ordered page makes them. A row whose status moved since it was kept (a write racing the
 * refresh) is shown as it is now and marked stale, so the next read files it right.
 */
const statusPage = async (db: Database, context: RtmMonthContext, slice: StatusSlice, ask: RtmListAsk, total: number): Promise<ResponseJson | typeof BAD_CURSOR> => {
  const { month, today } = context;
  // The fresh statuses per status are counted on write; a slice missing a few works them out first.
  const sumOf = (counts: ReadonlyMap<number, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);
  let counts = await freshCountsByRank(db, context, slice);
  let progress = { pending: Math.max(0, total - sumOf(counts)), total };
  if (progress.pending > 0 && progress.pending <= STATUS_IN_READ_MAX) {
    await refreshStatuses(db, context, slice, total, STATUS_IN_READ_MAX);
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
  const terms = statusTerms(ask.ordering);
  const order = orderName(terms, ["status_rank", "name"]);
  const keys = ask.cursor === undefined ? undefined : cursorKeysFor(ask.cursor, order, terms.map((term) => term.kind));
  if (ask.cursor !== undefined && keys === undefined) return BAD_CURSOR;
  if (ask.cursor === undefined && (ask.page - 1) * ask.pageSize >= count) return answer;
  const paged = await pageOf(ask, terms, keys, async (condition, reversed, limit, offset) => {
    const orderBy = sql.join(keysetOrder(terms, reversed), sql`, `);
    return rowsOf(
      await db.execute(sql`select s.patient_id, s.status, s.status_rank, s.name_key, p.first_name, p.last_name, p.birthdate::text as birthdate, st.id as staff_id,
          su.first_name as slp_first, su.last_name as slp_last
        from (select s.patient_id, s.status, s.status_rank, s.name_key from rtm_month_statuses s where ${where} ${condition === undefined ? sql`` : sql`and ${condition}`}
              order by ${orderBy} limit ${limit} offset ${offset}) s
        join patients p on p.id = s.patient_id and p.archived_at is null and p.institution_id = ${slice.institutionId}
        left join staff st on st.id = p.assigned_staff_id
        left join users su on su.id = st.user_id
        order by ${orderBy}`),
    );
  });
  const rows = paged.rows;
  const keysOf = (row: (typeof rows)[number] | undefined): CursorKey[] | undefined =>
    row === undefined ? undefined : [Number(row.status_rank), String(row.name_key), Number(row.patient_id)];
  const cursors = pageCursors(order, paged.page, { first: keysOf(rows[0]), last: keysOf(rows.at(-1)) }, { next: paged.next, previous: true });
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
  return { ...answer, current_page: paged.page, ...cursors, results: judged.map((one) => one.row) };
};
