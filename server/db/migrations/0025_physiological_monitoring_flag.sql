CREATE TABLE "patient_rtm_settings" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"physiological_monitoring" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_rtm_settings" ADD CONSTRAINT "patient_rtm_settings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_rtm_settings" ADD CONSTRAINT "patient_rtm_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The flag and the set-up record both change how a patient's months are judged (a flagged month is
-- blocked; 98975 billed in a locked month is not claimed again): their writes mark the patient's
-- kept statuses stale like the data-day, time and call writes of migration 0022.
CREATE TRIGGER "rtm_statuses_on_insert" AFTER INSERT ON "patient_rtm_settings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_new"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_update" AFTER UPDATE ON "patient_rtm_settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_change"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_insert" AFTER INSERT ON "rtm_setup_billed" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_new"();
--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_delete" AFTER DELETE ON "rtm_setup_billed" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_old"();
