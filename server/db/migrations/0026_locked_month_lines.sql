CREATE TABLE "rtm_month_lock_lines" (
	"institution_id" integer NOT NULL,
	"month" text NOT NULL,
	"patient_id" integer NOT NULL,
	"position" integer NOT NULL,
	"staff_id" integer,
	"status" text NOT NULL,
	"line" jsonb NOT NULL,
	CONSTRAINT "rtm_month_lock_lines_institution_id_month_patient_id_pk" PRIMARY KEY("institution_id","month","patient_id")
);
--> statement-breakpoint
ALTER TABLE "rtm_month_locks" ADD COLUMN "inputs" jsonb;--> statement-breakpoint
ALTER TABLE "rtm_month_locks" ADD COLUMN "totals" jsonb;--> statement-breakpoint
ALTER TABLE "rtm_month_lock_lines" ADD CONSTRAINT "rtm_month_lock_lines_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_month_lock_lines" ADD CONSTRAINT "rtm_month_lock_lines_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_month_lock_lines" ADD CONSTRAINT "rtm_month_lock_lines_lock_fk" FOREIGN KEY ("institution_id","month") REFERENCES "public"."rtm_month_locks"("institution_id","month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rtm_month_lock_lines_order_idx" ON "rtm_month_lock_lines" USING btree ("institution_id","month","position");--> statement-breakpoint
CREATE INDEX "rtm_month_lock_lines_caseload_idx" ON "rtm_month_lock_lines" USING btree ("staff_id","month","position");--> statement-breakpoint
-- The status now depends on the institution's supply kind (issue 31: a month with a supply code due and
-- no kind chosen is blocked), and on its time zone (the calendar entries and calls fall in): a change of
-- either marks every kept status of the institution stale, as the data-day and time-log writes do (0022).
CREATE FUNCTION "rtm_month_statuses_follow_institutions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rtm_month_statuses_mark(ARRAY(
    SELECT DISTINCT s.patient_id FROM rtm_month_statuses s
      JOIN old_rows o ON o.id = s.institution_id JOIN new_rows n ON n.id = o.id
      WHERE o.rtm_supply_kind IS DISTINCT FROM n.rtm_supply_kind OR o.time_zone IS DISTINCT FROM n.time_zone));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_follow_institutions" AFTER UPDATE ON "institutions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_follow_institutions"();
