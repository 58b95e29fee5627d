CREATE TABLE "patient_data_days" (
	"patient_id" integer NOT NULL,
	"day" date NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "patient_data_days_patient_id_day_pk" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_data_days" ADD CONSTRAINT "patient_data_days_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Remote-monitoring data days (issue 24, docs/database.md "Counters kept on write"): per patient and
-- calendar day of the patient's institution's time zone, how many sessions started that day, kept
-- exact in the writing transaction like the other counters so billing reads at most 30 rows a
-- patient instead of scanning sessions. A day with a row is a data day; a row reaching 0 is deleted.
--
-- The institution's time zone must be one PostgreSQL knows by name (pg_timezone_names). A CHECK
-- cannot ask that; this trigger does, and only for a zone other than the default, since the
-- catalogue is read from the zone files (tens of milliseconds): a rare write.
CREATE FUNCTION "institution_time_zone_known"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = NEW.time_zone) THEN
    RAISE EXCEPTION 'time zone "%" is not a known time zone name', NEW.time_zone
      USING ERRCODE = 'check_violation', CONSTRAINT = 'institutions_time_zone_known', TABLE = 'institutions', COLUMN = 'time_zone';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "institution_time_zone_known" BEFORE INSERT OR UPDATE OF "time_zone" ON "institutions"
  FOR EACH ROW WHEN (NEW.time_zone <> 'America/New_York') EXECUTE FUNCTION "institution_time_zone_known"();
--> statement-breakpoint
-- The calendar day an instant falls on in a time zone.
CREATE FUNCTION "data_day"(t timestamptz, zone text) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE zone)::date
$$;
--> statement-breakpoint
-- Sessions inserted, deleted or updated. These triggers are named to fire after
-- session_counters_on_* (statement triggers fire in name order), which update the patients first:
-- the order of writes stays patients, then the levels and buckets, then the days. Each upsert takes
-- its rows in key order; a day whose count reaches 0 loses its row.
CREATE FUNCTION "session_data_days_on_insert"() RETURNS trigger
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
--> statement-breakpoint
CREATE FUNCTION "session_data_days_on_delete"() RETURNS trigger
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
--> statement-breakpoint
-- Only a session moved in time or to another patient moves a day; a review or a correction's new
-- totals finds no moved row and writes nothing.
CREATE FUNCTION "session_data_days_on_update"() RETURNS trigger
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
--> statement-breakpoint
-- A patient moved to an institution of another time zone: their days are counted again on the new
-- calendar. Any other update of patients (every session's arrival updates its patient) stops at
-- the first test.
CREATE FUNCTION "patient_data_days_follow_patients"() RETURNS trigger
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
--> statement-breakpoint
-- An institution's time zone changed: its patients' days are counted again on the new calendar.
-- Its patients are locked first (in id order), as a session's arrival locks its patient before its
-- days, so no session lands between the recount's delete and insert.
CREATE FUNCTION "patient_data_days_follow_institutions"() RETURNS trigger
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
--> statement-breakpoint
-- What the sessions already there add up to, before the triggers take over.
INSERT INTO "patient_data_days" (patient_id, day, sessions)
  SELECT g.patient_id, data_day(g.start_time, i.time_zone), count(*)::integer
  FROM game_sessions g JOIN patients p ON p.id = g.patient_id JOIN institutions i ON i.id = p.institution_id
  GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER "session_data_days_on_insert" AFTER INSERT ON "game_sessions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_data_days_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "session_data_days_on_update" AFTER UPDATE ON "game_sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_data_days_on_update"();
--> statement-breakpoint
CREATE TRIGGER "session_data_days_on_delete" AFTER DELETE ON "game_sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_data_days_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "patient_data_days_follow_patients" AFTER UPDATE ON "patients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_data_days_follow_patients"();
--> statement-breakpoint
CREATE TRIGGER "patient_data_days_follow_institutions" AFTER UPDATE ON "institutions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_data_days_follow_institutions"();
