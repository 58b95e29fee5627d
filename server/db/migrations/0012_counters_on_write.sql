CREATE TABLE "session_buckets" (
	"institution_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"sessions" integer NOT NULL,
	"awaiting_review" integer NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "session_buckets_institution_id_bucket_start_pk" PRIMARY KEY("institution_id","bucket_start")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pending_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "last_session_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_buckets" ADD CONSTRAINT "session_buckets_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_dashboard_idx" ON "patients" USING btree ("institution_id",("pending_sessions" > 0) desc,greatest("updated_at", "last_session_at") desc,"id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_dashboard_idx" ON "patients" USING btree ("assigned_staff_id",("pending_sessions" > 0) desc,greatest("updated_at", "last_session_at") desc,"id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_quiet_idx" ON "patients" USING btree ("institution_id","last_session_at" asc nulls first,"id") WHERE "patients"."archived_at" is null and "patients"."status" = 'active';--> statement-breakpoint
CREATE INDEX "game_sessions_start_idx" ON "game_sessions" USING btree ("start_time");--> statement-breakpoint
-- Counters kept on write (docs/database.md, "Counters kept on write"). Dashboards read what the
-- writes keep: patients.pending_sessions and last_session_at, and session_buckets (sessions per
-- institution and quarter hour). Statement-level triggers with transition tables keep them in the
-- writing transaction, so a bulk insert of 20,000 sessions costs one grouped update, and they are
-- never stale; `npm run db:check-counters` recomputes them from scratch and reports differences.
--
-- The quarter hour a session's start falls in. The overview's week sums whole buckets and counts
-- the two partial ones at its edges from game_sessions_start_idx.
CREATE FUNCTION "session_bucket"(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin(interval '15 minutes', t, timestamptz '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint
-- patient_counts followed updates by subtracting every old row and adding every new one; now that
-- each session's arrival updates its patient's counters, an update that changes none of the counted
-- columns must cost nothing, so the update branch nets the two and writes only real changes.
CREATE OR REPLACE FUNCTION "patient_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, count(*)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, -count(*)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed FROM old_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
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
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Sessions inserted: each patient's pending count and latest start, then the buckets. Always the
-- patients first and the buckets second, in every trigger here, so two writers never wait on each
-- other in opposite orders.
CREATE FUNCTION "session_counters_on_insert"() RETURNS trigger
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
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Sessions updated (a review, a correction's new totals): the old rows count -1 and the new +1, netted,
-- so a review moves one pending session and one awaiting-review count and nothing else. The latest
-- start is recomputed only for patients whose session moved in time or to another patient.
CREATE FUNCTION "session_counters_on_update"() RETURNS trigger
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
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "session_counters_on_delete"() RETURNS trigger
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
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A patient archived (or restored, or moved to another institution) takes their sessions out of
-- the old institution's buckets and into the new one's; any other update of patients nets to nothing.
CREATE FUNCTION "session_buckets_follow_patients"() RETURNS trigger
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
    ON CONFLICT (institution_id, bucket_start) DO UPDATE
      SET sessions = b.sessions + excluded.sessions, awaiting_review = b.awaiting_review + excluded.awaiting_review, seconds = b.seconds + excluded.seconds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- What the sessions already there add up to, before the triggers take over.
UPDATE "patients" p SET pending_sessions = s.pending, last_session_at = s.newest
  FROM (SELECT patient_id, (count(*) FILTER (WHERE NOT reviewed))::integer AS pending, max(start_time) AS newest FROM game_sessions GROUP BY patient_id) AS s
  WHERE p.id = s.patient_id;
--> statement-breakpoint
INSERT INTO "session_buckets" (institution_id, bucket_start, sessions, awaiting_review, seconds)
  SELECT p.institution_id, session_bucket(g.start_time), count(*)::integer, (count(*) FILTER (WHERE NOT g.reviewed))::integer, sum(g.duration_seconds::float8)
  FROM game_sessions g JOIN patients p ON p.id = g.patient_id AND p.archived_at IS NULL
  GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER "session_counters_on_insert" AFTER INSERT ON "game_sessions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_counters_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "session_counters_on_update" AFTER UPDATE ON "game_sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_counters_on_update"();
--> statement-breakpoint
CREATE TRIGGER "session_counters_on_delete" AFTER DELETE ON "game_sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_counters_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "session_buckets_follow_patients" AFTER UPDATE ON "patients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_buckets_follow_patients"();
