ALTER TABLE "patient_game_levels" ADD COLUMN "pending_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counts" ADD COLUMN "pending_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_caseload_pending_idx" ON "patients" USING btree ("assigned_staff_id","id") WHERE "patients"."pending_sessions" > 0 and "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "game_sessions_pending_idx" ON "game_sessions" USING btree ("patient_id","start_time","id") WHERE not "game_sessions"."reviewed";--> statement-breakpoint
CREATE INDEX "game_sessions_level_pending_idx" ON "game_sessions" USING btree ("patient_game_level_id","start_time","id") WHERE not "game_sessions"."reviewed";--> statement-breakpoint
CREATE INDEX "game_sessions_pending_order_idx" ON "game_sessions" USING btree ("start_time","id") WHERE not "game_sessions"."reviewed";--> statement-breakpoint
-- The review queue (issue 23, docs/session-review-api.md "Review queue"). The patient page shows
-- each exercise's sessions waiting for review on every visit, and each step of the queue says how
-- many of the caseload's wait: both are kept on write, by the triggers that keep
-- patients.pending_sessions (0012, 0015). patient_game_levels.pending_sessions follows the sessions
-- of its level; patient_counts.pending_sessions sums its patients' pending_sessions, so an SLP's or
-- an institution's figure is at most six rows. Order of writes stays: patients (whose triggers
-- write patient_counts and patient_last_session_days), then the levels, then the buckets.
CREATE OR REPLACE FUNCTION "patient_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total, pending_sessions)
      SELECT institution_id, staff_key, status, reviewed, count(*)::integer, sum(pending_sessions)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE
        SET total = c.total + excluded.total, pending_sessions = c.pending_sessions + excluded.pending_sessions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total, pending_sessions)
      SELECT institution_id, staff_key, status, reviewed, -count(*)::integer, -sum(pending_sessions)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions FROM old_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE
        SET total = c.total + excluded.total, pending_sessions = c.pending_sessions + excluded.pending_sessions;
  ELSE
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total, pending_sessions)
      SELECT institution_id, staff_key, status, reviewed, sum(delta)::integer, sum(delta * pending_sessions)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions, -1 AS delta FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions, -1 FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, coalesce(assigned_staff_id, 0), status, reviewed, pending_sessions, 1 FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions, 1 FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      HAVING sum(delta) <> 0 OR sum(delta * pending_sessions) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE
        SET total = c.total + excluded.total, pending_sessions = c.pending_sessions + excluded.pending_sessions;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_counters_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patients p
    SET pending_sessions = p.pending_sessions + d.pending, last_session_at = greatest(p.last_session_at, d.newest)
    FROM (SELECT patient_id, (count(*) FILTER (WHERE NOT reviewed))::integer AS pending, max(start_time) AS newest
          FROM new_rows GROUP BY patient_id) AS d
    WHERE p.id = d.patient_id;
  UPDATE patient_game_levels l
    SET pending_sessions = l.pending_sessions + d.pending
    FROM (SELECT patient_game_level_id, count(*)::integer AS pending FROM new_rows WHERE NOT reviewed GROUP BY 1) AS d
    WHERE l.id = d.patient_game_level_id;
  INSERT INTO session_buckets AS b (institution_id, bucket_start, sessions, awaiting_review, seconds)
    SELECT p.institution_id, session_bucket(s.start_time), count(*)::integer,
      (count(*) FILTER (WHERE NOT s.reviewed))::integer, sum(s.duration_seconds::float8)
    FROM new_rows s JOIN patients p ON p.id = s.patient_id AND p.archived_at IS NULL
    GROUP BY 1, 2
      ORDER BY 1, 2
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A level's count nets the old rows against the new ones like the patient's: a review moves one, a
-- correction's new totals move none (no write), a session moved to another level moves it along.
CREATE OR REPLACE FUNCTION "session_counters_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patients p
    SET pending_sessions = p.pending_sessions + d.pending,
        last_session_at = CASE WHEN d.moved THEN (SELECT max(g.start_time) FROM game_sessions g WHERE g.patient_id = p.id) ELSE p.last_session_at END
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
    WHERE p.id = d.patient_id;
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
CREATE OR REPLACE FUNCTION "session_counters_on_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patients p
    SET pending_sessions = p.pending_sessions - d.pending,
        last_session_at = (SELECT max(g.start_time) FROM game_sessions g WHERE g.patient_id = p.id)
    FROM (SELECT patient_id, (count(*) FILTER (WHERE NOT reviewed))::integer AS pending FROM old_rows GROUP BY patient_id) AS d
    WHERE p.id = d.patient_id;
  UPDATE patient_game_levels l
    SET pending_sessions = l.pending_sessions - d.pending
    FROM (SELECT patient_game_level_id, count(*)::integer AS pending FROM old_rows WHERE NOT reviewed GROUP BY 1) AS d
    WHERE l.id = d.patient_game_level_id;
  INSERT INTO session_buckets AS b (institution_id, bucket_start, sessions, awaiting_review, seconds)
    SELECT p.institution_id, session_bucket(s.start_time), -count(*)::integer,
      -(count(*) FILTER (WHERE NOT s.reviewed))::integer, -sum(s.duration_seconds::float8)
    FROM old_rows s JOIN patients p ON p.id = s.patient_id AND p.archived_at IS NULL
    GROUP BY 1, 2
      ORDER BY 1, 2
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- What the sessions and patients already there add up to, before the triggers take over.
UPDATE "patient_game_levels" l SET pending_sessions = s.pending
  FROM (SELECT patient_game_level_id, count(*)::integer AS pending FROM game_sessions WHERE NOT reviewed GROUP BY 1) AS s
  WHERE l.id = s.patient_game_level_id;
--> statement-breakpoint
UPDATE "patient_counts" c SET pending_sessions = e.pending
  FROM (SELECT institution_id, staff_key, status, reviewed, sum(pending_sessions)::integer AS pending
        FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions FROM patients WHERE archived_at IS NULL
              UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions FROM patients WHERE archived_at IS NULL) AS live
        GROUP BY 1, 2, 3, 4) AS e
  WHERE c.institution_id = e.institution_id AND c.staff_key = e.staff_key AND c.status = e.status AND c.reviewed = e.reviewed;
