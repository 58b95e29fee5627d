CREATE TABLE "rtm_month_locks" (
	"institution_id" integer NOT NULL,
	"month" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by_user_id" integer NOT NULL,
	CONSTRAINT "rtm_month_locks_institution_id_month_pk" PRIMARY KEY("institution_id","month"),
	CONSTRAINT "rtm_month_locks_month_check" CHECK ("rtm_month_locks"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "rtm_setup_billed" (
	"patient_id" integer NOT NULL,
	"month" text NOT NULL,
	"institution_id" integer NOT NULL,
	"episode_start" date NOT NULL,
	"billed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rtm_setup_billed_patient_id_month_pk" PRIMARY KEY("patient_id","month"),
	CONSTRAINT "rtm_setup_billed_month_check" CHECK ("rtm_setup_billed"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "rtm_month_locks" ADD CONSTRAINT "rtm_month_locks_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_month_locks" ADD CONSTRAINT "rtm_month_locks_locked_by_user_id_users_id_fk" FOREIGN KEY ("locked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_setup_billed" ADD CONSTRAINT "rtm_setup_billed_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_setup_billed" ADD CONSTRAINT "rtm_setup_billed_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;