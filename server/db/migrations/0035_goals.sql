CREATE TABLE "goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"parent_goal_id" integer,
	"statement" text NOT NULL,
	"game_types" text[] NOT NULL,
	"min_level" text NOT NULL,
	"min_accuracy" integer NOT NULL,
	"window" text NOT NULL,
	"sessions" integer NOT NULL,
	"of_sessions" integer NOT NULL,
	"start_date" date NOT NULL,
	"due_date" date NOT NULL,
	"baseline_entered" real,
	"lifecycle" text DEFAULT 'active' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"last_edited_by_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_patient_label_key" UNIQUE("patient_id","label"),
	CONSTRAINT "goals_kind_check" CHECK ("goals"."kind" in ('long_term', 'short_term')),
	CONSTRAINT "goals_window_check" CHECK ("goals"."window" in ('consecutive', 'of_last')),
	CONSTRAINT "goals_lifecycle_check" CHECK ("goals"."lifecycle" in ('active', 'met', 'discontinued')),
	CONSTRAINT "goals_min_level_check" CHECK ("goals"."min_level" in ('easy', 'medium', 'hard')),
	CONSTRAINT "goals_game_types_check" CHECK ("goals"."game_types" <@ array['medication_management', 'memory_grid', 'naming', 'social_situations', 'verbal_fluency', 'pill_sorting', 'chitchat_ai', 'parrot']::text[]),
	CONSTRAINT "goals_criterion_check" CHECK ("goals"."min_accuracy" between 1 and 100 and "goals"."sessions" >= 1 and "goals"."of_sessions" >= "goals"."sessions" and "goals"."due_date" >= "goals"."start_date"),
	CONSTRAINT "goals_parent_check" CHECK (("goals"."kind" = 'short_term') = ("goals"."parent_goal_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_parent_goal_id_goals_id_fk" FOREIGN KEY ("parent_goal_id") REFERENCES "public"."goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_last_edited_by_user_id_users_id_fk" FOREIGN KEY ("last_edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A goal is never deleted (issue 37): a met or discontinued one keeps its row, since progress
-- reports and the audit trail name it. A trigger, so the rule binds the application's own role.
CREATE FUNCTION "goals_forbid_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'goals are kept: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "goals_no_delete"
  BEFORE DELETE ON "goals"
  FOR EACH ROW EXECUTE FUNCTION "goals_forbid_delete"();
--> statement-breakpoint
CREATE TRIGGER "goals_no_truncate"
  BEFORE TRUNCATE ON "goals"
  FOR EACH STATEMENT EXECUTE FUNCTION "goals_forbid_delete"();
