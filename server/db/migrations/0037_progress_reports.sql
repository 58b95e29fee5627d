CREATE TABLE "progress_report_addenda" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "progress_report_addenda_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"text" text NOT NULL,
	"signed_by_user_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signer_credentials" text NOT NULL,
	"signer_npi" text,
	"signed_at" timestamp with time zone NOT NULL,
	"content_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_report_settings" (
	"institution_id" integer PRIMARY KEY NOT NULL,
	"due_kind" text DEFAULT 'calendar_days' NOT NULL,
	"due_every" integer DEFAULT 30 NOT NULL,
	"npi_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_report_settings_kind_check" CHECK ("progress_report_settings"."due_kind" in ('calendar_days', 'treatment_days')),
	CONSTRAINT "progress_report_settings_every_check" CHECK ("progress_report_settings"."due_every" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "progress_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "progress_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"drafted" jsonb NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"goal_changes" text DEFAULT '' NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"npi" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"signed_by_user_id" integer,
	"signer_name" text,
	"signer_credentials" text,
	"signer_npi" text,
	"signed_at" timestamp with time zone,
	"locked_content" text,
	"content_sha256" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_reports_state_check" CHECK ("progress_reports"."state" in ('draft', 'signed')),
	CONSTRAINT "progress_reports_period_check" CHECK ("progress_reports"."period_end" >= "progress_reports"."period_start"),
	CONSTRAINT "progress_reports_signed_check" CHECK (("progress_reports"."state" = 'signed') = ("progress_reports"."signed_at" is not null and "progress_reports"."signed_by_user_id" is not null and "progress_reports"."signer_name" is not null and "progress_reports"."signer_credentials" is not null and "progress_reports"."locked_content" is not null and "progress_reports"."content_sha256" is not null))
);
--> statement-breakpoint
ALTER TABLE "progress_report_addenda" ADD CONSTRAINT "progress_report_addenda_report_id_progress_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."progress_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_addenda" ADD CONSTRAINT "progress_report_addenda_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_settings" ADD CONSTRAINT "progress_report_settings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "progress_report_addenda_report_idx" ON "progress_report_addenda" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "progress_reports_patient_idx" ON "progress_reports" USING btree ("patient_id","period_end");--> statement-breakpoint
-- A signed report is locked (issue 37): its content, signer, hash and state never change, and no
-- report is ever deleted; a correction is an addendum. Triggers, so the rule binds the application's
-- own role too (as communication_ratings, migration 0036).
CREATE FUNCTION "progress_reports_guard"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'progress_reports are kept: DELETE is not allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.state = 'signed' THEN
    RAISE EXCEPTION 'a signed progress report is locked: corrections are addenda'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "progress_reports_locked"
  BEFORE UPDATE OR DELETE ON "progress_reports"
  FOR EACH ROW EXECUTE FUNCTION "progress_reports_guard"();
--> statement-breakpoint
CREATE FUNCTION "progress_report_addenda_forbid_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'progress_report_addenda are kept: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "progress_report_addenda_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "progress_report_addenda"
  FOR EACH ROW EXECUTE FUNCTION "progress_report_addenda_forbid_change"();
--> statement-breakpoint
-- An addendum follows a signed report only.
CREATE FUNCTION "progress_report_addenda_after_signing"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "progress_reports" WHERE "id" = NEW.report_id AND "state" = 'signed') THEN
    RAISE EXCEPTION 'an addendum follows a signed progress report only'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "progress_report_addenda_signed_report"
  BEFORE INSERT ON "progress_report_addenda"
  FOR EACH ROW EXECUTE FUNCTION "progress_report_addenda_after_signing"();
