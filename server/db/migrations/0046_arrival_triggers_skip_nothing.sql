-- Issue 36, arrivals: what an arriving session's triggers did for nothing, measured with
-- track_functions at 100,000 patients (320 arrivals, each a patient's first session of the day):
-- * session_detail_follow_rows ran its version bump for the new session's challenges and
--   attempts, matched no row (a session inserted by the same transaction has no cached detail),
--   and the UPDATE still fired game_sessions' statement triggers: session_counters_on_update ran
--   its three statements over empty transition tables (0.27 ms a call, twice an arrival), and its
--   UPDATE of patient_activity fired that table's two follow triggers again. The bump now runs
--   only when a row of an earlier transaction is there to bump.
-- * session_counters_on_update now returns at once when no row changed what the counters count
--   (reviewed, start time, patient, assignment, duration): a detail version bump on an SLP's
--   attempt edit no longer runs them either.
-- server/db/counters/counter-functions.sql holds the three as they are now.
-- * rtm_month_statuses_mark was a LANGUAGE sql function, planned again on every call (1 ms on a
--   patient's first session of a day); as plpgsql its statement's plan is kept per connection.
CREATE OR REPLACE FUNCTION "session_detail_follow_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT session_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT session_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT session_id FROM new_rows UNION SELECT session_id FROM old_rows);
  END IF;
  IF EXISTS (SELECT 1 FROM game_sessions s WHERE s.id = ANY (ids) AND s.xmin <> pg_current_xact_id()::xid) THEN
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id = ANY (ids) AND s.xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_counters_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
                 WHERE o.reviewed IS DISTINCT FROM n.reviewed OR o.start_time IS DISTINCT FROM n.start_time
                   OR o.patient_id <> n.patient_id OR o.patient_game_level_id IS DISTINCT FROM n.patient_game_level_id
                   OR o.duration_seconds IS DISTINCT FROM n.duration_seconds) THEN
    RETURN NULL;
  END IF;
  UPDATE patient_activity p
    SET pending_sessions = p.pending_sessions + d.pending,
        last_session_at = CASE WHEN d.moved THEN (SELECT max(g.start_time) FROM game_sessions g WHERE g.patient_id = p.patient_id) ELSE p.last_session_at END
    FROM (SELECT patient_id, sum(pending)::integer AS pending, bool_or(moved) AS moved
          FROM (SELECT o.patient_id, -((NOT o.reviewed)::integer) AS pending,
                       (o.start_time IS DISTINCT FROM n.start_time OR o.patient_id <> n.patient_id) AS moved
                FROM old_rows o JOIN new_rows n USING (id)
                UNION ALL
                SELECT n.patient_id, (NOT n.reviewed)::integer,
                       (o.start_time IS DISTINCT FROM n.start_time OR o.patient_id <> n.patient_id)
                FROM old_rows o JOIN new_rows n USING (id)) AS changes
          GROUP BY patient_id
          HAVING sum(pending) <> 0 OR bool_or(moved)) AS d
    WHERE p.patient_id = d.patient_id;
  UPDATE patient_game_levels l
    SET pending_sessions = l.pending_sessions + d.pending
    FROM (SELECT patient_game_level_id, sum(pending)::integer AS pending
          FROM (SELECT patient_game_level_id, -((NOT reviewed)::integer) AS pending FROM old_rows
                UNION ALL SELECT patient_game_level_id, (NOT reviewed)::integer FROM new_rows) AS changes
          GROUP BY 1
          HAVING sum(pending) <> 0) AS d
    WHERE l.id = d.patient_game_level_id;
  INSERT INTO session_buckets AS b (institution_id, bucket_start, sessions, awaiting_review, seconds)
    SELECT p.institution_id, session_bucket(s.start_time), sum(s.sign)::integer,
      sum(s.sign * (NOT s.reviewed)::integer)::integer, sum(s.sign * s.duration_seconds::float8)
    FROM (SELECT patient_id, start_time, reviewed, duration_seconds, -1 AS sign FROM old_rows
          UNION ALL SELECT patient_id, start_time, reviewed, duration_seconds, 1 FROM new_rows) AS s
      JOIN patients p ON p.id = s.patient_id AND p.archived_at IS NULL
    GROUP BY 1, 2
    HAVING sum(s.sign) <> 0 OR sum(s.sign * (NOT s.reviewed)::integer) <> 0 OR sum(s.sign * s.duration_seconds::float8) <> 0
      ORDER BY 1, 2
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rtm_month_statuses_mark"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rtm_month_statuses s SET stale = true, generation = s.generation + 1
  FROM (SELECT patient_id, month FROM rtm_month_statuses WHERE patient_id = ANY (ids) ORDER BY 1, 2 FOR UPDATE) k
  WHERE s.patient_id = k.patient_id AND s.month = k.month;
END;
$$;
