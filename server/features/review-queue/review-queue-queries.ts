import { type SQL, sql } from "drizzle-orm";
import type { LevelPendingReviews, PatientPendingReviews, ReviewQueueDirection, ReviewQueueSession, ReviewQueueStep } from "../../../domain/review-queue/review-queue-wire.ts";
import { displayNames } from "../../../domain/shared/format/names.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";

// The review queue's reads (docs/session-review-api.md, "Review queue"). Pending means
// game_sessions.reviewed = false; the walk's order is (start_time, id) ascending. Every step is one
// statement: an index probe beyond the cursor in one of the partial indexes of pending sessions
// (migration 0017), and the count of what waits from a counter kept on write, never a count over
// sessions.

type StepJson = (typeof ReviewQueueStep)["Encoded"];
type SessionJson = (typeof ReviewQueueSession)["Encoded"];
type PendingJson = (typeof PatientPendingReviews)["Encoded"];
type LevelJson = (typeof LevelPendingReviews)["Encoded"];

/** Where a step starts: nowhere (the scope's first or last pending session), or beyond a session the caller may see. */
export type StepFrom = { readonly sessionId: number } | null;

/**
 * Which pending sessions a step may land on (issue 31): all, or only those with an attempt the
 * game left correctable (?only=correctable), tested per session probed with
 * game_attempts_session_idx; docs/session-review-api.md says what that costs.
 */
export type StepOnly = "all" | "correctable";

const landsOn = (alias: string, only: StepOnly): SQL =>
  only === "all" ? sql`true` : sql.raw(`exists (select 1 from game_attempts a where a.session_id = ${alias}.id and a.is_editable)`);

/**
 * How many attempts of the session a step landed on can still be corrected: one range of
 * game_attempts_session_idx (a session's few dozen attempts), taken once per step on the row the
 * step answers, never per session probed.
 */
const correctableOf = sql`(select count(*)::integer from game_attempts a where a.session_id = step.session_id and a.is_editable) as correctable_attempts`;

/** The same text toISOString writes, whatever the connection's time zone. */
const iso = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The cursor: the start and id of the session a step goes on from, as columns of a joined row.
 * Compared as columns (not as a row subquery, which PostgreSQL only filters with) the row
 * comparison below is an index condition, so the probe starts right at the cursor.
 */
const cursorJoin = (from: StepFrom): SQL =>
  from === null ? sql`` : sql`left join (select c.start_time, c.id from game_sessions c where c.id = ${from.sessionId}) as cursor on true`;

/**
 * The side of the cursor a step looks at: the nearest pending session strictly after (next) or
 * before (previous) the cursor's (start_time, id); without a cursor, nothing is left out.
 */
const beyond = (alias: string, from: StepFrom, direction: ReviewQueueDirection): SQL => {
  if (from === null) return sql`true`;
  return sql.raw(`(${alias}.start_time, ${alias}.id) ${direction === "next" ? ">" : "<"} (cursor.start_time, cursor.id)`);
};

/** The walk's order on a session's start and id columns, forwards for next and backwards for previous. */
const order = (start: string, id: string, direction: ReviewQueueDirection): SQL =>
  sql.raw(direction === "next" ? `${start} asc, ${id} asc` : `${start} desc, ${id} desc`);

const sessionOf = (row: Record<string, unknown>): SessionJson | null => {
  if (row.session_id === null || row.session_id === undefined) return null;
  const names = displayNames(row.first_name as string | null, row.last_name as string | null);
  return {
    id: Number(row.session_id),
    patient_id: Number(row.patient_id),
    level_id: Number(row.level_id),
    start_time: String(row.start_time),
    patient_name: `${names.firstName} ${names.lastName}`.trim(),
    game_name: String(row.game_name),
    correctable_attempts: Number(row.correctable_attempts ?? 0),
  };
};

/** The columns a step answers with, from a pending session `s` and its patient `p`. */
const stepColumns = sql`s.id as session_id, s.start_time as started, s.patient_id, s.patient_game_level_id as level_id, ${iso(sql`s.start_time`)} as start_time,
  p.first_name, p.last_name, (select g.name from games g where g.id = s.game_id) as game_name`;

/**
 * One patient's step: the nearest pending session of theirs beyond the cursor
 * (game_sessions_pending_idx: patient, start, id, pending rows only) and their pending count
 * (patient_activity.pending_sessions). The scope has checked the patient is in the caller's slice.
 */
export const patientStepSql = (patientId: number, from: StepFrom, direction: ReviewQueueDirection, only: StepOnly = "all"): SQL => sql`
  select a.pending_sessions as pending, step.*, ${correctableOf}
  from patients p
  join patient_activity a on a.patient_id = p.id
  ${cursorJoin(from)}
  left join lateral (
    select ${stepColumns}
    from game_sessions s
    where s.patient_id = p.id and not s.reviewed and ${beyond("s", from, direction)} and ${landsOn("s", only)}
    order by ${order("s.start_time", "s.id", direction)}
    limit 1
  ) as step on true
  where p.id = ${patientId}`;

const stepOf = (row: Record<string, unknown> | undefined): StepJson => ({ session: row === undefined ? null : sessionOf(row), pending: Number(row?.pending ?? 0) });

export const patientStep = async (db: Database, patientId: number, from: StepFrom, direction: ReviewQueueDirection, only: StepOnly = "all"): Promise<StepJson> =>
  stepOf(rowsOf(await db.execute(patientStepSql(patientId, from, direction, only)))[0]);

/** How many sessions of the slice wait: the slice's rows of patient_counts (at most six), kept on write. */
const slicePending = (slice: PatientSlice): SQL =>
  sql`(select coalesce(sum(c.pending_sessions), 0)::integer from patient_counts c
       where c.institution_id = ${slice.institutionId} and c.staff_key = ${slice.staffId ?? -1})`;

/**
 * An SLP's caseload step: their live patients with sessions waiting (patient_activity_caseload_pending_idx,
 * a few hundred at most), each one's nearest pending session beyond the cursor
 * (game_sessions_pending_idx, one probe each), and the nearest of those.
 */
const caseloadStepSql = (slice: PatientSlice & { readonly staffId: number }, from: StepFrom, direction: ReviewQueueDirection, only: StepOnly): SQL => sql`
  select ${slicePending(slice)} as pending, step.*, ${correctableOf}
  from (select 1) as one
  ${cursorJoin(from)}
  left join lateral (
    select nearest.*
    from patient_activity a
    join patients p on p.id = a.patient_id
    cross join lateral (
      select ${stepColumns}
      from game_sessions s
      where s.patient_id = a.patient_id and not s.reviewed and ${beyond("s", from, direction)} and ${landsOn("s", only)}
      order by ${order("s.start_time", "s.id", direction)}
      limit 1
    ) as nearest
    where a.assigned_staff_id = ${slice.staffId} and a.institution_id = ${slice.institutionId}
      and a.pending_sessions > 0 and a.archived_at is null
    order by ${order("nearest.started", "nearest.session_id", direction)}
    limit 1
  ) as step on true`;

/**
 * An institution's step: the pending sessions of everyone in start order
 * (game_sessions_pending_order_idx) from the cursor on, the first whose patient is a live patient of
 * the institution. In an institution that holds most of the database's pending sessions this reads
 * one or a few index entries; docs/session-review-api.md says where it would slow down.
 */
const institutionStepSql = (slice: PatientSlice, from: StepFrom, direction: ReviewQueueDirection, only: StepOnly): SQL => sql`
  select ${slicePending(slice)} as pending, step.*, ${correctableOf}
  from (select 1) as one
  ${cursorJoin(from)}
  left join lateral (
    select ${stepColumns}
    from game_sessions s
    join patients p on p.id = s.patient_id
    where not s.reviewed and ${beyond("s", from, direction)} and ${landsOn("s", only)}
      and p.institution_id = ${slice.institutionId} and p.archived_at is null
    order by ${order("s.start_time", "s.id", direction)}
    limit 1
  ) as step on true`;

/** The statement of the caller's slice's step: an SLP's caseload, or an administrator's institution. */
export const sliceStepSql = (slice: PatientSlice, from: StepFrom, direction: ReviewQueueDirection, only: StepOnly = "all"): SQL =>
  slice.staffId === null ? institutionStepSql(slice, from, direction, only) : caseloadStepSql({ ...slice, staffId: slice.staffId }, from, direction, only);

export const caseloadStep = async (db: Database, slice: PatientSlice, from: StepFrom, direction: ReviewQueueDirection, only: StepOnly = "all"): Promise<StepJson> =>
  stepOf(rowsOf(await db.execute(sliceStepSql(slice, from, direction, only)))[0]);

/**
 * patients/{id}/pending-reviews/: the patient's pending count (patient_activity.pending_sessions, every
 * level's sessions) and each assigned level's (patient_game_levels.pending_sessions), both kept on
 * write, with the level's oldest pending session from game_sessions_level_pending_idx (one probe,
 * only for a level with sessions waiting).
 */
export const patientPendingReviews = async (db: Database, patientId: number): Promise<PendingJson> => {
  // One statement, so the total and the levels' counts are read at the same instant.
  const rows = rowsOf(
    await db.execute(sql`
      select p.pending_sessions as patient_pending, l.id as level_id, l.pending_sessions as pending, oldest.id as oldest_session_id
      from patient_activity p
      left join patient_game_levels l on l.patient_id = p.patient_id and l.is_active
      left join lateral (
        select s.id from game_sessions s
        where s.patient_game_level_id = l.id and not s.reviewed and l.pending_sessions > 0
        order by s.start_time, s.id
        limit 1
      ) as oldest on true
      where p.patient_id = ${patientId}
      order by l.id`),
  );
  const levels: LevelJson[] = rows
    .filter((row) => row.level_id !== null && row.level_id !== undefined)
    .map((row) => ({
      level_id: Number(row.level_id),
      pending: Number(row.pending),
      oldest_session_id: row.oldest_session_id === null || row.oldest_session_id === undefined ? null : Number(row.oldest_session_id),
    }));
  return { patient_id: patientId, pending: Number(rows[0]?.patient_pending ?? 0), levels };
};
