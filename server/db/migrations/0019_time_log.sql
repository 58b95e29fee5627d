CREATE TABLE "rtm_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rtm_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"taken_by_user_id" integer NOT NULL,
	"call_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"participants" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rtm_calls_minutes_check" CHECK ("rtm_calls"."minutes" between 1 and 240)
);
--> statement-breakpoint
CREATE TABLE "rtm_time_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rtm_time_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"clinician_user_id" integer NOT NULL,
	"activity" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_reason" text,
	"corrected_by" integer,
	"corrected_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_reason" text,
	CONSTRAINT "rtm_time_entries_activity_check" CHECK ("rtm_time_entries"."activity" in ('review', 'messaging', 'call', 'care_planning')),
	CONSTRAINT "rtm_time_entries_minutes_check" CHECK ("rtm_time_entries"."minutes" between 1 and 600)
);
--> statement-breakpoint
ALTER TABLE "rtm_calls" ADD CONSTRAINT "rtm_calls_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_calls" ADD CONSTRAINT "rtm_calls_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_calls" ADD CONSTRAINT "rtm_calls_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_time_entries" ADD CONSTRAINT "rtm_time_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_time_entries" ADD CONSTRAINT "rtm_time_entries_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_time_entries" ADD CONSTRAINT "rtm_time_entries_clinician_user_id_users_id_fk" FOREIGN KEY ("clinician_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_time_entries" ADD CONSTRAINT "rtm_time_entries_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rtm_calls_patient_idx" ON "rtm_calls" USING btree ("patient_id","call_date");--> statement-breakpoint
CREATE INDEX "rtm_time_entries_patient_idx" ON "rtm_time_entries" USING btree ("patient_id","started_at") WHERE "rtm_time_entries"."deleted_at" is null;