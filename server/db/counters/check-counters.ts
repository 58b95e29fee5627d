import { sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { rowsOf } from "../rows-of.ts";
import {
  expectedDataDays,
  expectedLastSessionDays,
  expectedLevelSessions,
  expectedPatientCounts,
  expectedPatientSessions,
  expectedRtmStatusCounts,
  expectedSessionBuckets,
} from "./counter-recompute.ts";

/** Which counter a difference is in. */
export type CounterName = "patient_counts" | "patient_sessions" | "level_sessions" | "session_buckets" | "patient_last_session_days" | "patient_data_days" | "rtm_status_counts";

/** One counter row whose stored value is not what its rows add up to. */
export type CounterDifference = {
  readonly counter: CounterName;
  /** Which row: institution, SLP, status and review state; the patient; or institution and bucket. */
  readonly key: string;
  readonly stored: string;
  readonly expected: string;
};

/** Seconds are summed as floating point, adding and subtracting in any order: a hundredth of a second is equal. */
const SECONDS_TOLERANCE = 0.01;

/** How many differences of each counter the check lists (it counts them all). */
export const DIFFERENCES_LISTED = 100;

/** A patient_activity row (a) whose copies of its patient's (p) columns went stale. */
const activityCopiesDiffer = sql`(a.institution_id, a.assigned_staff_id, a.status, a.reviewed, a.archived_at, a.updated_at)
  is distinct from (p.institution_id, p.assigned_staff_id, p.status, p.reviewed, p.archived_at, p.updated_at)`;

const text = (value: unknown): string => (value === null || value === undefined ? "none" : value instanceof Date ? value.toISOString() : String(value));

// Rows with nothing in them (every count 0) are the same as no row: a count that went up and down
// again keeps its row at zero.
const patientCountDifferences = sql`
  with expected as (${expectedPatientCounts}), stored as (select * from patient_counts where total <> 0 or pending_sessions <> 0)
  select concat_ws(' ', 'institution', coalesce(e.institution_id, s.institution_id), 'staff', coalesce(e.staff_key, s.staff_key),
           coalesce(e.status, s.status), case when coalesce(e.reviewed, s.reviewed) then 'reviewed' else 'pending' end) as key,
         concat_ws(' ', coalesce(s.total, 0), 'pending', coalesce(s.pending_sessions, 0)) as stored,
         concat_ws(' ', coalesce(e.total, 0), 'pending', coalesce(e.pending_sessions, 0)) as expected
  from expected e full join stored s
    on s.institution_id = e.institution_id and s.staff_key = e.staff_key and s.status = e.status and s.reviewed = e.reviewed
  where coalesce(s.total, 0) <> coalesce(e.total, 0) or coalesce(s.pending_sessions, 0) <> coalesce(e.pending_sessions, 0)
  order by 1`;

// patient_activity (migration 0039) holds each patient's session counters and copies of the
// patient's columns the dashboard reads: a missing row or a stale copy is a difference too.
const patientSessionDifferences = sql`
  with expected as (${expectedPatientSessions})
  select 'patient ' || p.id as key,
         case when a.patient_id is null then 'no patient_activity row'
              else concat_ws(' ', 'pending', a.pending_sessions, 'last', coalesce(to_char(a.last_session_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'none'),
                     case when ${activityCopiesDiffer} then 'copies differ' end) end as stored,
         concat_ws(' ', 'pending', e.pending_sessions, 'last', coalesce(to_char(e.last_session_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'none')) as expected
  from patients p join expected e on e.patient_id = p.id left join patient_activity a on a.patient_id = p.id
  where a.patient_id is null or a.pending_sessions <> e.pending_sessions or a.last_session_at is distinct from e.last_session_at or ${activityCopiesDiffer}
  order by p.id`;

const levelSessionDifferences = sql`
  with expected as (${expectedLevelSessions})
  select 'level ' || l.id as key, 'pending ' || l.pending_sessions as stored, 'pending ' || e.pending_sessions as expected
  from patient_game_levels l join expected e on e.level_id = l.id
  where l.pending_sessions <> e.pending_sessions
  order by l.id`;

const sessionBucketDifferences = sql`
  with expected as (${expectedSessionBuckets}),
       stored as (select * from session_buckets where sessions <> 0 or awaiting_review <> 0 or abs(seconds) > ${SECONDS_TOLERANCE})
  select concat_ws(' ', 'institution', coalesce(e.institution_id, s.institution_id),
           to_char(coalesce(e.bucket_start, s.bucket_start) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')) as key,
         concat_ws(' ', 'sessions', coalesce(s.sessions, 0), 'awaiting', coalesce(s.awaiting_review, 0), 'seconds', round(coalesce(s.seconds, 0)::numeric, 2)) as stored,
         concat_ws(' ', 'sessions', coalesce(e.sessions, 0), 'awaiting', coalesce(e.awaiting_review, 0), 'seconds', round(coalesce(e.seconds, 0)::numeric, 2)) as expected
  from expected e full join stored s on s.institution_id = e.institution_id and s.bucket_start = e.bucket_start
  where coalesce(s.sessions, 0) <> coalesce(e.sessions, 0) or coalesce(s.awaiting_review, 0) <> coalesce(e.awaiting_review, 0)
     or abs(coalesce(s.seconds, 0) - coalesce(e.seconds, 0)) > ${SECONDS_TOLERANCE}
  order by 1`;

const lastSessionDayDifferences = sql`
  with expected as (${expectedLastSessionDays}), stored as (select * from patient_last_session_days where patients <> 0)
  select concat_ws(' ', 'institution', coalesce(e.institution_id, s.institution_id), 'day', coalesce(e.day, s.day)) as key,
         coalesce(s.patients, 0)::text as stored, coalesce(e.patients, 0)::text as expected
  from expected e full join stored s on s.institution_id = e.institution_id and s.day = e.day
  where coalesce(s.patients, 0) <> coalesce(e.patients, 0)
  order by 1`;

// A stored row of 0 sessions is a difference too: its day would read as a data day.
const dataDayDifferences = sql`
  with expected as (${expectedDataDays})
  select concat_ws(' ', 'patient', coalesce(e.patient_id, s.patient_id), 'day', coalesce(e.day, s.day)) as key,
         coalesce(s.sessions::text, 'none') as stored, coalesce(e.sessions::text, 'none') as expected
  from expected e full join patient_data_days s on s.patient_id = e.patient_id and s.day = e.day
  where s.sessions is distinct from e.sessions
  order by 1`;

const rtmStatusCountDifferences = sql`
  with expected as (${expectedRtmStatusCounts}), stored as (select * from rtm_status_counts where total <> 0)
  select concat_ws(' ', 'institution', coalesce(e.institution_id, s.institution_id), 'month', coalesce(e.month, s.month), 'staff', coalesce(e.staff_key, s.staff_key),
           'rank', coalesce(e.status_rank, s.status_rank), 'until', coalesce(e.valid_until, s.valid_until)) as key,
         coalesce(s.total, 0)::text as stored, coalesce(e.total, 0)::text as expected
  from expected e full join stored s
    on s.institution_id = e.institution_id and s.month = e.month and s.staff_key = e.staff_key and s.status_rank = e.status_rank and s.valid_until = e.valid_until
  where coalesce(s.total, 0) <> coalesce(e.total, 0)
  order by 1`;

const CHECKS: ReadonlyArray<readonly [CounterName, typeof patientCountDifferences]> = [
  ["patient_counts", patientCountDifferences],
  ["patient_sessions", patientSessionDifferences],
  ["level_sessions", levelSessionDifferences],
  ["session_buckets", sessionBucketDifferences],
  ["patient_last_session_days", lastSessionDayDifferences],
  ["patient_data_days", dataDayDifferences],
  ["rtm_status_counts", rtmStatusCountDifferences],
];

/** What the check found: every difference counted, the first DIFFERENCES_LISTED of each counter listed. */
export type CounterCheck = { readonly differences: readonly CounterDifference[]; readonly counted: Readonly<Record<CounterName, number>> };

/**
 * Recomputes every counter kept on write from the rows it counts and compares, in one repeatable-read
 * transaction so writes landing meanwhile cannot look like differences. Changes nothing.
 */
export const checkCounters = async (db: Database): Promise<CounterCheck> =>
  db.transaction(
    async (tx) => {
      const differences: CounterDifference[] = [];
      const counted: Record<CounterName, number> = { patient_counts: 0, patient_sessions: 0, level_sessions: 0, session_buckets: 0, patient_last_session_days: 0, patient_data_days: 0, rtm_status_counts: 0 };
      for (const [counter, query] of CHECKS) {
        const rows = rowsOf(await tx.execute(query));
        counted[counter] = rows.length;
        for (const row of rows.slice(0, DIFFERENCES_LISTED)) {
          differences.push({ counter, key: text(row.key), stored: text(row.stored), expected: text(row.expected) });
        }
      }
      return { differences, counted };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

/**
 * Rewrites every counter from scratch (after a restore, or if the check ever reports a difference),
 * holding the counted tables still meanwhile so no write lands between the recount and the rewrite.
 */
export const repairCounters = async (db: Database): Promise<void> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table institutions, patients, patient_activity, game_sessions, patient_game_levels, patient_counts, session_buckets, patient_last_session_days, patient_data_days, rtm_month_statuses, rtm_status_counts in share row exclusive mode`);
    await tx.execute(sql`
      update patient_game_levels l set pending_sessions = e.pending_sessions
      from (${expectedLevelSessions}) as e
      where e.level_id = l.id and l.pending_sessions <> e.pending_sessions`);
    await tx.execute(sql`delete from session_buckets`);
    await tx.execute(sql`insert into session_buckets (institution_id, bucket_start, sessions, awaiting_review, seconds) ${expectedSessionBuckets}`);
    await tx.execute(sql`
      insert into patient_activity (patient_id, institution_id, assigned_staff_id, status, reviewed, archived_at, updated_at)
      select id, institution_id, assigned_staff_id, status, reviewed, archived_at, updated_at from patients p
      where not exists (select 1 from patient_activity a where a.patient_id = p.id) order by id`);
    await tx.execute(sql`
      update patient_activity a set pending_sessions = e.pending_sessions, last_session_at = e.last_session_at,
        institution_id = p.institution_id, assigned_staff_id = p.assigned_staff_id, status = p.status, reviewed = p.reviewed,
        archived_at = p.archived_at, updated_at = p.updated_at
      from (${expectedPatientSessions}) as e join patients p on p.id = e.patient_id
      where e.patient_id = a.patient_id
        and (a.pending_sessions <> e.pending_sessions or a.last_session_at is distinct from e.last_session_at or ${activityCopiesDiffer})`);
    // After patient_activity: its update moves patient_counts through its trigger, and this recount replaces whatever it left.
    await tx.execute(sql`delete from patient_counts`);
    await tx.execute(sql`insert into patient_counts (institution_id, staff_key, status, reviewed, total, pending_sessions) ${expectedPatientCounts}`);
    // Last: the update above moves the days through their trigger, and this recount replaces whatever it left.
    await tx.execute(sql`delete from patient_last_session_days`);
    await tx.execute(sql`insert into patient_last_session_days (institution_id, day, patients) ${expectedLastSessionDays}`);
    await tx.execute(sql`delete from patient_data_days`);
    await tx.execute(sql`insert into patient_data_days (patient_id, day, sessions) ${expectedDataDays}`);
    await tx.execute(sql`delete from rtm_status_counts`);
    await tx.execute(sql`insert into rtm_status_counts (institution_id, month, staff_key, status_rank, valid_until, total) ${expectedRtmStatusCounts}`);
  });
