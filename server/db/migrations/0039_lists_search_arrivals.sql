-- Issue 36: short searches, index-only deep pages, arrivals off the patient row (docs/patients-api.md, docs/database.md).
CREATE TABLE "patient_activity" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"assigned_staff_id" integer,
	"status" text NOT NULL,
	"reviewed" boolean NOT NULL,
	"archived_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"pending_sessions" integer DEFAULT 0 NOT NULL,
	"last_session_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "patients_dashboard_idx";--> statement-breakpoint
DROP INDEX "patients_caseload_dashboard_idx";--> statement-breakpoint
DROP INDEX "patients_quiet_idx";--> statement-breakpoint
DROP INDEX "patients_caseload_pending_idx";--> statement-breakpoint
DROP INDEX "patients_list_created_idx";--> statement-breakpoint
DROP INDEX "patients_list_name_idx";--> statement-breakpoint
DROP INDEX "patients_caseload_created_idx";--> statement-breakpoint
DROP INDEX "patients_caseload_name_idx";--> statement-breakpoint
DROP INDEX "patients_search_idx";--> statement-breakpoint
DROP INDEX "users_list_name_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (patient_search_text(first_name, last_name, email)) STORED;--> statement-breakpoint
ALTER TABLE "patient_activity" ADD CONSTRAINT "patient_activity_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_activity_dashboard_idx" ON "patient_activity" USING btree ("institution_id",("pending_sessions" > 0) desc,greatest("updated_at", "last_session_at") desc,"patient_id") WHERE "patient_activity"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patient_activity_caseload_dashboard_idx" ON "patient_activity" USING btree ("assigned_staff_id",("pending_sessions" > 0) desc,greatest("updated_at", "last_session_at") desc,"patient_id") WHERE "patient_activity"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patient_activity_quiet_idx" ON "patient_activity" USING btree ("institution_id","last_session_at" asc nulls first,"patient_id") WHERE "patient_activity"."archived_at" is null and "patient_activity"."status" = 'active';--> statement-breakpoint
CREATE INDEX "patient_activity_caseload_pending_idx" ON "patient_activity" USING btree ("assigned_staff_id","patient_id") WHERE "patient_activity"."pending_sessions" > 0 and "patient_activity"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_list_last_name_idx" ON "patients" USING btree ("institution_id",patient_fold("last_name") collate "C","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_list_created_idx" ON "patients" USING btree ("institution_id","created_at","id","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_list_name_idx" ON "patients" USING btree ("institution_id",patient_fold("first_name") collate "C","id","first_name","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_created_idx" ON "patients" USING btree ("assigned_staff_id","created_at","id","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_name_idx" ON "patients" USING btree ("assigned_staff_id",patient_fold("first_name") collate "C","id","first_name","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_search_idx" ON "patients" USING gin (patient_trigrams("search_text")) WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree ("institution_id",patient_fold("first_name") collate "C",patient_fold("last_name") collate "C","id","first_name","last_name") WHERE "users"."archived_at" is null;
--> statement-breakpoint
-- Arrivals leave the patient row alone (issue 36, docs/database.md "Counters kept on write"): the
-- counters each arriving session moves, pending_sessions and last_session_at, move from patients to
-- patient_activity, one row per patient with only the dashboard's indexes. Until now each arrival
-- rewrote the patient row (never HOT: four indexes held the counters) with its 13 indexes and
-- fired every statement trigger on patients. The row's copies of the patient's columns the
-- dashboard reads are kept by patient_activity_follow; the pending part of patient_counts and
-- patient_last_session_days now follow patient_activity. Filled before the triggers exist, so
-- nothing is counted twice.
INSERT INTO patient_activity (patient_id, institution_id, assigned_staff_id, status, reviewed, archived_at, updated_at, pending_sessions, last_session_at)
  SELECT id, institution_id, assigned_staff_id, status, reviewed, archived_at, updated_at, pending_sessions, last_session_at FROM patients ORDER BY id;
--> statement-breakpoint
DROP TRIGGER "patient_last_session_days_on_insert" ON "patients";
--> statement-breakpoint
DROP TRIGGER "patient_last_session_days_on_update" ON "patients";
--> statement-breakpoint
DROP TRIGGER "patient_last_session_days_on_delete" ON "patients";
--> statement-breakpoint
CREATE TRIGGER "patient_activity_last_session_days_on_insert" AFTER INSERT ON "patient_activity"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_last_session_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_activity_last_session_days_on_update" AFTER UPDATE ON "patient_activity"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_last_session_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_activity_last_session_days_on_delete" AFTER DELETE ON "patient_activity"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_last_session_days_follow"();
--> statement-breakpoint
-- patient_counts keeps its totals from patients and its pending sessions from patient_activity.
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
--> statement-breakpoint
CREATE TRIGGER "patient_counts_pending_on_insert" AFTER INSERT ON "patient_activity"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_pending_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_counts_pending_on_update" AFTER UPDATE ON "patient_activity"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_pending_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_counts_pending_on_delete" AFTER DELETE ON "patient_activity"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_pending_follow"();
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_counters_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
-- A patient inserted gets their row; an update copies what the dashboard reads (a delete cascades).
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
--> statement-breakpoint
CREATE TRIGGER "patient_activity_on_insert" AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_activity_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_activity_on_update" AFTER UPDATE ON "patients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_activity_follow"();
--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "pending_sessions";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "last_session_at";
