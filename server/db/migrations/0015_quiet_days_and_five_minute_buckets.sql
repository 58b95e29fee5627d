CREATE TABLE "patient_last_session_days" (
	"institution_id" integer NOT NULL,
	"day" date NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_last_session_days_institution_id_day_pk" PRIMARY KEY("institution_id","day")
);
--> statement-breakpoint
ALTER TABLE "patient_last_session_days" ADD CONSTRAINT "patient_last_session_days_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 22, measured at 100,000 patients: counting the quiet patients walked 75,000 index entries
-- per overview, and the week's two partial quarter hours joined 500 sessions to their patients.
-- Two changes: a histogram of active live patients by the UTC day of their latest session (kept
-- by a statement trigger on patients like patient_counts), so the count sums days and reads only
-- the week's first day from patients_quiet_idx; and five-minute session buckets (2,016 a week),
-- so each partial end holds a third of the sessions. Every counter upsert now takes its rows in
-- key order, so two writers that touch the same rows lock them in the same order.
CREATE FUNCTION "last_session_day"(t timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((t AT TIME ZONE 'UTC')::date, '-infinity'::date)
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_last_session_days_follow"() RETURNS trigger
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
--> statement-breakpoint
INSERT INTO "patient_last_session_days" (institution_id, day, patients)
  SELECT institution_id, last_session_day(last_session_at), count(*)::integer
  FROM patients WHERE archived_at IS NULL AND status = 'active' GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER "patient_last_session_days_on_insert" AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_last_session_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_last_session_days_on_update" AFTER UPDATE ON "patients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_last_session_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_last_session_days_on_delete" AFTER DELETE ON "patients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_last_session_days_follow"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_bucket"(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin(interval '5 minutes', t, timestamptz '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint
DELETE FROM "session_buckets";
--> statement-breakpoint
INSERT INTO "session_buckets" (institution_id, bucket_start, sessions, awaiting_review, seconds)
  SELECT p.institution_id, session_bucket(g.start_time), count(*)::integer, (count(*) FILTER (WHERE NOT g.reviewed))::integer, sum(g.duration_seconds::float8)
  FROM game_sessions g JOIN patients p ON p.id = g.patient_id AND p.archived_at IS NULL
  GROUP BY 1, 2;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_counters_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patients p
    SET pending_sessions = p.pending_sessions + d.pending, last_session_at = greatest(p.last_session_at, d.newest)
    FROM (SELECT patient_id, (count(*) FILTER (WHERE NOT reviewed))::integer AS pending, max(start_time) AS newest
          FROM new_rows GROUP BY patient_id) AS d
    WHERE p.id = d.patient_id;
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
