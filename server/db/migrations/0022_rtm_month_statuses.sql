CREATE TABLE "rtm_month_statuses" (
	"patient_id" integer NOT NULL,
	"month" text NOT NULL,
	"institution_id" integer NOT NULL,
	"staff_id" integer,
	"name_key" text NOT NULL,
	"status" text NOT NULL,
	"status_rank" smallint NOT NULL,
	"stale" boolean DEFAULT true NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"computed_on" date,
	"valid_until" date,
	CONSTRAINT "rtm_month_statuses_patient_id_month_pk" PRIMARY KEY("patient_id","month"),
	CONSTRAINT "rtm_month_statuses_month_check" CHECK ("rtm_month_statuses"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "rtm_month_statuses_status_check" CHECK ("rtm_month_statuses"."status" in ('blocked', 'at risk', 'on track', 'ready to bill', 'no activity')),
	CONSTRAINT "rtm_month_statuses_rank_check" CHECK ("rtm_month_statuses"."status_rank" = array_position(array['blocked', 'at risk', 'on track', 'ready to bill', 'no activity']::text[], "rtm_month_statuses"."status") - 1)
);
--> statement-breakpoint
ALTER TABLE "rtm_month_statuses" ADD CONSTRAINT "rtm_month_statuses_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_month_statuses" ADD CONSTRAINT "rtm_month_statuses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_month_statuses" ADD CONSTRAINT "rtm_month_statuses_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rtm_month_statuses_list_idx" ON "rtm_month_statuses" USING btree ("institution_id","month","status_rank","name_key" collate "C","patient_id");--> statement-breakpoint
CREATE INDEX "rtm_month_statuses_list_desc_idx" ON "rtm_month_statuses" USING btree ("institution_id","month","status_rank" DESC NULLS LAST,"name_key" collate "C","patient_id");--> statement-breakpoint
CREATE INDEX "rtm_month_statuses_caseload_idx" ON "rtm_month_statuses" USING btree ("staff_id","month","status_rank","name_key" collate "C","patient_id");--> statement-breakpoint
CREATE INDEX "rtm_month_statuses_caseload_desc_idx" ON "rtm_month_statuses" USING btree ("staff_id","month","status_rank" DESC NULLS LAST,"name_key" collate "C","patient_id");--> statement-breakpoint
-- Counting a slice's fresh statuses (how many are still to work out) reads this index alone.
CREATE INDEX "rtm_month_statuses_fresh_idx" ON "rtm_month_statuses" USING btree ("institution_id","month","staff_id","status_rank") INCLUDE ("stale","valid_until");
--> statement-breakpoint
-- Statuses kept ahead of the read (issue 24, docs/billing.md "/rtm"): a write that can change a
-- patient's month status marks every kept month of that patient stale and moves its generation, so a
-- refresh that read the patient before the write cannot store what it read over it. Rows are taken
-- in key order, as the other counters' upserts are, so two writers never wait on each other in
-- opposite orders. Statement-level with transition tables: one statement however many rows.
CREATE FUNCTION "rtm_month_statuses_mark"(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE rtm_month_statuses s SET stale = true, generation = s.generation + 1
  FROM (SELECT patient_id, month FROM rtm_month_statuses WHERE patient_id = ANY (ids) ORDER BY 1, 2 FOR UPDATE) k
  WHERE s.patient_id = k.patient_id AND s.month = k.month
$$;
--> statement-breakpoint
CREATE FUNCTION "rtm_month_statuses_on_new"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rtm_month_statuses_mark(ARRAY(SELECT DISTINCT patient_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "rtm_month_statuses_on_old"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rtm_month_statuses_mark(ARRAY(SELECT DISTINCT patient_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "rtm_month_statuses_on_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rtm_month_statuses_mark(ARRAY(SELECT patient_id FROM old_rows UNION SELECT patient_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Data days (a session's arrival, move or deletion, a time zone's recount), time entries (logged,
-- corrected, removed) and calls.
CREATE TRIGGER "rtm_statuses_on_insert" AFTER INSERT ON "patient_data_days" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_new"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_update" AFTER UPDATE ON "patient_data_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_change"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_delete" AFTER DELETE ON "patient_data_days" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_old"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_insert" AFTER INSERT ON "rtm_time_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_new"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_update" AFTER UPDATE ON "rtm_time_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_change"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_delete" AFTER DELETE ON "rtm_time_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_old"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_insert" AFTER INSERT ON "rtm_calls" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_new"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_update" AFTER UPDATE ON "rtm_calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_change"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_delete" AFTER DELETE ON "rtm_calls" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_old"();
--> statement-breakpoint
-- A patient archived or moved to another institution leaves the kept months (a restored one is worked
-- out again); a new SLP or first name moves the row's slice and name order in place (the status does
-- not depend on either). Every other update of patients (each session's arrival updates its patient)
-- stops at the first test. Named to fire after patient_counts_* and patient_data_days_follow_patients.
CREATE FUNCTION "rtm_month_statuses_follow_patients"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
                 WHERE o.archived_at IS DISTINCT FROM n.archived_at OR o.institution_id <> n.institution_id
                    OR o.assigned_staff_id IS DISTINCT FROM n.assigned_staff_id OR o.first_name <> n.first_name) THEN
    RETURN NULL;
  END IF;
  DELETE FROM rtm_month_statuses s USING old_rows o JOIN new_rows n USING (id)
    WHERE s.patient_id = n.id AND (n.archived_at IS NOT NULL OR o.institution_id <> n.institution_id);
  UPDATE rtm_month_statuses s SET staff_id = n.assigned_staff_id, name_key = patient_fold(n.first_name)
    FROM (SELECT n.id, n.assigned_staff_id, n.first_name FROM old_rows o JOIN new_rows n USING (id)
          WHERE n.archived_at IS NULL AND o.institution_id = n.institution_id
            AND (o.assigned_staff_id IS DISTINCT FROM n.assigned_staff_id OR o.first_name <> n.first_name)
          ORDER BY n.id) n
    WHERE s.patient_id = n.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_follow_patients" AFTER UPDATE ON "patients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_follow_patients"();
