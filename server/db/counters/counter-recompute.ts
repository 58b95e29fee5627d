import { sql } from "drizzle-orm";

// What each counter kept on write (migration 0012, docs/database.md "Counters kept on write")
// should hold, computed from scratch from the rows it counts. The integrity check compares these
// with what is stored; the repair writes them. Written independently of the triggers on purpose:
// a mistake in a trigger must not reappear here.

/**
 * patient_counts: live patients per institution, assigned SLP (0: none; -1: whole institution), status
 * and review state, and the sessions they have waiting for review (migration 0017), summed from the
 * sessions themselves, not from patient_activity.pending_sessions.
 */
export const expectedPatientCounts = sql`
  select institution_id, staff_key, status, reviewed, count(*)::integer as total, coalesce(sum(pending), 0)::integer as pending_sessions
  from (select p.institution_id, coalesce(p.assigned_staff_id, 0) as staff_key, p.status, p.reviewed, s.pending from patients p
          left join (select patient_id, count(*) as pending from game_sessions where not reviewed group by patient_id) as s on s.patient_id = p.id
          where p.archived_at is null
        union all
        select p.institution_id, -1, p.status, p.reviewed, s.pending from patients p
          left join (select patient_id, count(*) as pending from game_sessions where not reviewed group by patient_id) as s on s.patient_id = p.id
          where p.archived_at is null) as live
  group by 1, 2, 3, 4`;

/** Each exercise level's sessions awaiting review (migration 0017; every level, live or not). */
export const expectedLevelSessions = sql`
  select l.id as level_id, coalesce(s.pending, 0)::integer as pending_sessions
  from patient_game_levels l
  left join (select patient_game_level_id, count(*) as pending from game_sessions where not reviewed group by 1) as s
    on s.patient_game_level_id = l.id`;

/** Each patient's sessions awaiting review and latest session start (every patient, archived or not). */
export const expectedPatientSessions = sql`
  select p.id as patient_id, coalesce(s.pending, 0)::integer as pending_sessions, s.newest as last_session_at
  from patients p
  left join (select patient_id, count(*) filter (where not reviewed) as pending, max(start_time) as newest
             from game_sessions group by patient_id) as s on s.patient_id = p.id`;

/** session_buckets: live patients' sessions per institution and quarter hour of their start. */
export const expectedSessionBuckets = sql`
  select p.institution_id, session_bucket(g.start_time) as bucket_start, count(*)::integer as sessions,
    (count(*) filter (where not g.reviewed))::integer as awaiting_review, sum(g.duration_seconds::float8) as seconds
  from game_sessions g join patients p on p.id = g.patient_id and p.archived_at is null
  group by 1, 2`;

/** patient_last_session_days: active live patients per institution and UTC day of their latest session (-infinity: never). */
export const expectedLastSessionDays = sql`
  select p.institution_id, last_session_day(s.newest) as day, count(*)::integer as patients
  from patients p left join (select patient_id, max(start_time) as newest from game_sessions group by 1) as s on s.patient_id = p.id
  where p.archived_at is null and p.status = 'active'
  group by 1, 2`;

/**
 * patient_data_days (migration 0018): each patient's sessions per calendar day of their institution's
 * time zone, every patient, archived or not. Only days with sessions: a stored row of 0 is a difference.
 */
export const expectedDataDays = sql`
  select g.patient_id, (g.start_time at time zone i.time_zone)::date as day, count(*)::integer as sessions
  from game_sessions g join patients p on p.id = g.patient_id join institutions i on i.id = p.institution_id
  group by 1, 2`;

/**
 * rtm_status_counts (migration 0042): the kept statuses that are not stale, per institution, month,
 * SLP (0: none; -1: whole institution), status rank and valid_until (`infinity`: none).
 */
export const expectedRtmStatusCounts = sql`
  select institution_id, month, staff_key, status_rank, valid_until, count(*)::integer as total
  from (select institution_id, month, coalesce(staff_id, 0) as staff_key, status_rank, coalesce(valid_until, 'infinity'::date) as valid_until
          from rtm_month_statuses where not stale
        union all
        select institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date) from rtm_month_statuses where not stale) as fresh
  group by 1, 2, 3, 4, 5`;
