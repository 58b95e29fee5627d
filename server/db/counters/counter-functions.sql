-- The counters kept on write (docs/database.md, "Counters kept on write"; `npm run db:check-counters`
-- recomputes them): the current definition of each trigger function, in one place. Migrations
-- rewrote some of them several times (patient_counts_follow five times); this file is what a
-- migrated database runs now, so a reader need not replay 0003..0039 to find it. Since migration 0039
-- the session counters update patient_activity, and patient_last_session_days_follow runs on it.
-- server/db/counters/counter-functions.test.ts fails when it differs from the latest definition in
-- the migrations. To change a counter: edit it here, then copy the new definition into a new
-- migration (`npm run db:generate -- --custom`); the test holds the two together.

-- patient_counts_follow: as of migration 0039
CREATE OR REPLACE FUNCTION "patient_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, count(*)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, -count(*)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed FROM old_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, sum(delta)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, -1 AS delta FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, -1 FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, coalesce(assigned_staff_id, 0), status, reviewed, 1 FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, 1 FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      HAVING sum(delta) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;

-- patient_counts_pending_follow: as of migration 0039
CREATE OR REPLACE FUNCTION "patient_counts_pending_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total, pending_sessions)
      SELECT institution_id, staff_key, status, reviewed, 0, sum(pending_sessions)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      HAVING sum(pending_sessions) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET pending_sessions = c.pending_sessions + excluded.pending_sessions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total, pending_sessions)
      SELECT institution_id, staff_key, status, reviewed, 0, -sum(pending_sessions)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions FROM old_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      HAVING sum(pending_sessions) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET pending_sessions = c.pending_sessions + excluded.pending_sessions;
  ELSE
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total, pending_sessions)
      SELECT institution_id, staff_key, status, reviewed, 0, sum(delta * pending_sessions)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed, pending_sessions, -1 AS delta FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions, -1 FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, coalesce(assigned_staff_id, 0), status, reviewed, pending_sessions, 1 FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed, pending_sessions, 1 FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      HAVING sum(delta * pending_sessions) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET pending_sessions = c.pending_sessions + excluded.pending_sessions;
  END IF;
  RETURN NULL;
END;
$$;

-- patient_activity_follow: as of migration 0039
CREATE OR REPLACE FUNCTION "patient_activity_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_activity (patient_id, institution_id, assigned_staff_id, status, reviewed, archived_at, updated_at)
      SELECT id, institution_id, assigned_staff_id, status, reviewed, archived_at, updated_at FROM new_rows ORDER BY id;
  ELSE
    UPDATE patient_activity a
      SET institution_id = n.institution_id, assigned_staff_id = n.assigned_staff_id, status = n.status, reviewed = n.reviewed,
          archived_at = n.archived_at, updated_at = n.updated_at
      FROM (SELECT * FROM new_rows ORDER BY id) AS n
      WHERE a.patient_id = n.id
        AND (a.institution_id, a.assigned_staff_id, a.status, a.reviewed, a.archived_at, a.updated_at)
            IS DISTINCT FROM (n.institution_id, n.assigned_staff_id, n.status, n.reviewed, n.archived_at, n.updated_at);
  END IF;
  RETURN NULL;
END;
$$;

-- session_counters_on_insert: as of migration 0039
CREATE OR REPLACE FUNCTION "session_counters_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patient_activity p
    SET pending_sessions = p.pending_sessions + d.pending, last_session_at = greatest(p.last_session_at, d.newest)
    FROM (SELECT patient_id, (count(*) FILTER (WHERE NOT reviewed))::integer AS pending, max(start_time) AS newest
          FROM new_rows GROUP BY patient_id) AS d
    WHERE p.patient_id = d.patient_id;
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

-- session_counters_on_update: as of migration 0046 (returns at once when no row changed what it counts)
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

-- session_counters_on_delete: as of migration 0039
CREATE OR REPLACE FUNCTION "session_counters_on_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patient_activity p
    SET pending_sessions = p.pending_sessions - d.pending,
        last_session_at = (SELECT max(g.start_time) FROM game_sessions g WHERE g.patient_id = p.patient_id)
    FROM (SELECT patient_id, (count(*) FILTER (WHERE NOT reviewed))::integer AS pending FROM old_rows GROUP BY patient_id) AS d
    WHERE p.patient_id = d.patient_id;
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

-- session_bucket: as of migration 0015
CREATE OR REPLACE FUNCTION "session_bucket"(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin(interval '5 minutes', t, timestamptz '2000-01-01 00:00:00+00')
$$;

-- session_buckets_follow_patients: as of migration 0015
CREATE OR REPLACE FUNCTION "session_buckets_follow_patients"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_buckets AS b (institution_id, bucket_start, sessions, awaiting_review, seconds)
    SELECT c.institution_id, session_bucket(g.start_time), sum(c.sign)::integer,
      sum(c.sign * (NOT g.reviewed)::integer)::integer, sum(c.sign * g.duration_seconds::float8)
    FROM (SELECT o.id, o.institution_id, -1 AS sign FROM old_rows o JOIN new_rows n USING (id)
            WHERE o.archived_at IS NULL AND (n.archived_at IS NOT NULL OR n.institution_id <> o.institution_id)
          UNION ALL
          SELECT n.id, n.institution_id, 1 FROM old_rows o JOIN new_rows n USING (id)
            WHERE n.archived_at IS NULL AND (o.archived_at IS NOT NULL OR n.institution_id <> o.institution_id)) AS c
      JOIN game_sessions g ON g.patient_id = c.id
    GROUP BY 1, 2
      ORDER BY 1, 2
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;

-- last_session_day: as of migration 0015
CREATE OR REPLACE FUNCTION "last_session_day"(t timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((t AT TIME ZONE 'UTC')::date, '-infinity'::date)
$$;

-- patient_last_session_days_follow: as of migration 0015
CREATE OR REPLACE FUNCTION "patient_last_session_days_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_last_session_days AS d (institution_id, day, patients)
      SELECT institution_id, last_session_day(last_session_at), count(*)::integer
      FROM new_rows WHERE archived_at IS NULL AND status = 'active'
      GROUP BY 1, 2
      ORDER BY 1, 2
      ON CONFLICT (institution_id, day) DO UPDATE SET patients = d.patients + excluded.patients;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_last_session_days AS d (institution_id, day, patients)
      SELECT institution_id, last_session_day(last_session_at), -count(*)::integer
      FROM old_rows WHERE archived_at IS NULL AND status = 'active'
      GROUP BY 1, 2
      ORDER BY 1, 2
      ON CONFLICT (institution_id, day) DO UPDATE SET patients = d.patients + excluded.patients;
  ELSE
    INSERT INTO patient_last_session_days AS d (institution_id, day, patients)
      SELECT institution_id, day, sum(delta)::integer
      FROM (SELECT institution_id, last_session_day(last_session_at) AS day, -1 AS delta FROM old_rows WHERE archived_at IS NULL AND status = 'active'
            UNION ALL
            SELECT institution_id, last_session_day(last_session_at), 1 FROM new_rows WHERE archived_at IS NULL AND status = 'active') AS live
      GROUP BY 1, 2
      HAVING sum(delta) <> 0
      ORDER BY 1, 2
      ON CONFLICT (institution_id, day) DO UPDATE SET patients = d.patients + excluded.patients;
  END IF;
  RETURN NULL;
END;
$$;

-- data_day: as of migration 0018
CREATE OR REPLACE FUNCTION "data_day"(t timestamptz, zone text) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE zone)::date
$$;

-- session_data_days_on_insert: as of migration 0018
CREATE OR REPLACE FUNCTION "session_data_days_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_data_days AS d (patient_id, day, sessions)
    SELECT s.patient_id, data_day(s.start_time, i.time_zone), count(*)::integer
    FROM new_rows s JOIN patients p ON p.id = s.patient_id JOIN institutions i ON i.id = p.institution_id
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (patient_id, day) DO UPDATE SET sessions = d.sessions + excluded.sessions;
  RETURN NULL;
END;
$$;

-- session_data_days_on_update: as of migration 0018
CREATE OR REPLACE FUNCTION "session_data_days_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
                 WHERE o.start_time IS DISTINCT FROM n.start_time OR o.patient_id <> n.patient_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO patient_data_days AS d (patient_id, day, sessions)
    SELECT s.patient_id, data_day(s.start_time, i.time_zone), sum(s.sign)::integer
    FROM (SELECT o.patient_id, o.start_time, -1 AS sign FROM old_rows o JOIN new_rows n USING (id)
            WHERE o.start_time IS DISTINCT FROM n.start_time OR o.patient_id <> n.patient_id
          UNION ALL
          SELECT n.patient_id, n.start_time, 1 FROM old_rows o JOIN new_rows n USING (id)
            WHERE o.start_time IS DISTINCT FROM n.start_time OR o.patient_id <> n.patient_id) AS s
      JOIN patients p ON p.id = s.patient_id JOIN institutions i ON i.id = p.institution_id
    GROUP BY 1, 2
    HAVING sum(s.sign) <> 0
    ORDER BY 1, 2
    ON CONFLICT (patient_id, day) DO UPDATE SET sessions = d.sessions + excluded.sessions;
  DELETE FROM patient_data_days d WHERE d.sessions = 0 AND d.patient_id IN (SELECT patient_id FROM old_rows);
  RETURN NULL;
END;
$$;

-- session_data_days_on_delete: as of migration 0018
CREATE OR REPLACE FUNCTION "session_data_days_on_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_data_days AS d (patient_id, day, sessions)
    SELECT s.patient_id, data_day(s.start_time, i.time_zone), -count(*)::integer
    FROM old_rows s JOIN patients p ON p.id = s.patient_id JOIN institutions i ON i.id = p.institution_id
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (patient_id, day) DO UPDATE SET sessions = d.sessions + excluded.sessions;
  DELETE FROM patient_data_days d WHERE d.sessions = 0 AND d.patient_id IN (SELECT patient_id FROM old_rows);
  RETURN NULL;
END;
$$;

-- patient_data_days_follow_patients: as of migration 0018
CREATE OR REPLACE FUNCTION "patient_data_days_follow_patients"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id) WHERE o.institution_id <> n.institution_id) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(n.id ORDER BY n.id) INTO moved
    FROM old_rows o JOIN new_rows n USING (id)
      JOIN institutions oi ON oi.id = o.institution_id JOIN institutions ni ON ni.id = n.institution_id
    WHERE oi.time_zone <> ni.time_zone;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM patient_data_days WHERE patient_id = ANY (moved);
  INSERT INTO patient_data_days (patient_id, day, sessions)
    SELECT g.patient_id, data_day(g.start_time, i.time_zone), count(*)::integer
    FROM game_sessions g JOIN patients p ON p.id = g.patient_id JOIN institutions i ON i.id = p.institution_id
    WHERE g.patient_id = ANY (moved)
    GROUP BY 1, 2
    ORDER BY 1, 2;
  RETURN NULL;
END;
$$;

-- patient_data_days_follow_institutions: as of migration 0018
CREATE OR REPLACE FUNCTION "patient_data_days_follow_institutions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  SELECT array_agg(n.id ORDER BY n.id) INTO changed
    FROM old_rows o JOIN new_rows n USING (id) WHERE o.time_zone <> n.time_zone;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM patients WHERE institution_id = ANY (changed) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM patient_data_days d USING patients p WHERE p.id = d.patient_id AND p.institution_id = ANY (changed);
  INSERT INTO patient_data_days (patient_id, day, sessions)
    SELECT g.patient_id, data_day(g.start_time, i.time_zone), count(*)::integer
    FROM game_sessions g JOIN patients p ON p.id = g.patient_id JOIN institutions i ON i.id = p.institution_id
    WHERE p.institution_id = ANY (changed)
    GROUP BY 1, 2
    ORDER BY 1, 2;
  RETURN NULL;
END;
$$;

-- rtm_status_counts_follow: as of migration 0042
CREATE OR REPLACE FUNCTION "rtm_status_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rtm_status_counts AS c (institution_id, month, staff_key, status_rank, valid_until, total)
      SELECT institution_id, month, staff_key, status_rank, valid_until, count(*)::integer
      FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until FROM new_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date) FROM new_rows WHERE NOT stale) AS fresh
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (institution_id, month, staff_key, status_rank, valid_until) DO UPDATE SET total = c.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO rtm_status_counts AS c (institution_id, month, staff_key, status_rank, valid_until, total)
      SELECT institution_id, month, staff_key, status_rank, valid_until, -count(*)::integer
      FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until FROM old_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date) FROM old_rows WHERE NOT stale) AS fresh
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (institution_id, month, staff_key, status_rank, valid_until) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    INSERT INTO rtm_status_counts AS c (institution_id, month, staff_key, status_rank, valid_until, total)
      SELECT institution_id, month, staff_key, status_rank, valid_until, sum(delta)::integer
      FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until, -1 AS delta FROM old_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date), -1 FROM old_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, coalesce(staff_id, 0), status_rank, coalesce(valid_until, 'infinity'::date), 1 FROM new_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date), 1 FROM new_rows WHERE NOT stale) AS fresh
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(delta) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (institution_id, month, staff_key, status_rank, valid_until) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;

-- session_detail_follow_rows: as of migration 0046 (the session detail cache's version, docs/session-review-api.md;
-- no UPDATE at all when no session of an earlier transaction is there to bump)
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

-- rtm_month_statuses_mark: as of migration 0046 (plpgsql, so its plan is kept per connection)
CREATE OR REPLACE FUNCTION "rtm_month_statuses_mark"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rtm_month_statuses s SET stale = true, generation = s.generation + 1
  FROM (SELECT patient_id, month FROM rtm_month_statuses WHERE patient_id = ANY (ids) ORDER BY 1, 2 FOR UPDATE) k
  WHERE s.patient_id = k.patient_id AND s.month = k.month;
END;
$$;
