CREATE TABLE "patient_game_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_game_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"difficulty" text NOT NULL,
	"amount_challenges" integer NOT NULL,
	"amount_trials" integer NOT NULL,
	"min_repetitions_per_day" integer NOT NULL,
	"max_repetitions_per_day" integer NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"exercise_configuration_id" integer,
	"assigned_by_user_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "patient_game_levels_difficulty_check" CHECK ("patient_game_levels"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "patient_game_levels_amounts_check" CHECK ("patient_game_levels"."amount_challenges" >= 1 and "patient_game_levels"."amount_trials" >= 1),
	CONSTRAINT "patient_game_levels_repetitions_check" CHECK ("patient_game_levels"."min_repetitions_per_day" >= 0 and "patient_game_levels"."min_repetitions_per_day" <= "patient_game_levels"."max_repetitions_per_day")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"institution_id" integer,
	"ip" text,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"outcome" text NOT NULL,
	"request_id" text,
	CONSTRAINT "audit_events_outcome_check" CHECK ("audit_events"."outcome" in ('success', 'denied', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "mfa_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"totp_secret" text,
	"phone" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_enrolments_user_method_key" UNIQUE("user_id","method"),
	CONSTRAINT "mfa_enrolments_method_check" CHECK ("mfa_enrolments"."method" in ('email', 'sms', 'app'))
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('mfa', 'mfa_enrolment', 'password_reset')),
	CONSTRAINT "one_time_codes_channel_check" CHECK ("one_time_codes"."channel" in ('email', 'sms', 'app'))
);
--> statement-breakpoint
CREATE TABLE "password_hashes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by_id" integer,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "exercise_configurations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"game_id" integer NOT NULL,
	"institution_id" integer,
	"name" text NOT NULL,
	"difficulty" text NOT NULL,
	"amount_challenges" integer NOT NULL,
	"amount_trials" integer NOT NULL,
	"min_repetitions_per_day" integer NOT NULL,
	"max_repetitions_per_day" integer NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_configurations_difficulty_check" CHECK ("exercise_configurations"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "exercise_configurations_amounts_check" CHECK ("exercise_configurations"."amount_challenges" >= 1 and "exercise_configurations"."amount_trials" >= 1),
	CONSTRAINT "exercise_configurations_repetitions_check" CHECK ("exercise_configurations"."min_repetitions_per_day" >= 0 and "exercise_configurations"."min_repetitions_per_day" <= "exercise_configurations"."max_repetitions_per_day"),
	CONSTRAINT "exercise_configurations_name_check" CHECK (char_length("exercise_configurations"."name") >= 2)
);
--> statement-breakpoint
CREATE TABLE "game_content_files" (
	"game_id" integer NOT NULL,
	"difficulty" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "game_content_files_game_id_difficulty_pk" PRIMARY KEY("game_id","difficulty"),
	CONSTRAINT "game_content_files_difficulty_check" CHECK ("game_content_files"."difficulty" in ('easy', 'medium', 'hard'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"levels_available" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_type_unique" UNIQUE("type"),
	CONSTRAINT "games_type_check" CHECK ("games"."type" in ('medication_management', 'memory_grid', 'naming', 'social_situations', 'verbal_fluency', 'pill_sorting', 'chitchat_ai', 'parrot')),
	CONSTRAINT "games_levels_available_check" CHECK ("games"."levels_available" <@ array['easy', 'medium', 'hard']::text[])
);
--> statement-breakpoint
CREATE TABLE "institution_games" (
	"institution_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_games_institution_id_game_id_pk" PRIMARY KEY("institution_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "institution_allowed_domains" (
	"institution_id" integer NOT NULL,
	"domain" text NOT NULL,
	CONSTRAINT "institution_allowed_domains_institution_id_domain_pk" PRIMARY KEY("institution_id","domain")
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attempt_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"note_type_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"last_edited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "note_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "note_types_name_unique" UNIQUE("name"),
	CONSTRAINT "note_types_color_check" CHECK ("note_types"."color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"birthdate" date NOT NULL,
	"gender" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"assigned_staff_id" integer,
	"address_1" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"city_id" integer,
	"state_id" integer,
	"country_id" integer,
	"zip_code" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_status_check" CHECK ("patients"."status" in ('active', 'pending', 'inactive')),
	CONSTRAINT "patients_gender_check" CHECK ("patients"."gender" in ('female', 'male', 'intersex')),
	CONSTRAINT "patients_birthdate_check" CHECK ("patients"."birthdate" >= '1900-01-01')
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code2" text,
	"alternate_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	CONSTRAINT "places_kind_parent_name_key" UNIQUE NULLS NOT DISTINCT("kind","parent_id","name"),
	CONSTRAINT "places_kind_check" CHECK ("places"."kind" in ('country', 'state', 'city')),
	CONSTRAINT "places_parent_check" CHECK (("places"."kind" = 'country') = ("places"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "role_permissions_role_id_resource_action_pk" PRIMARY KEY("role_id","resource","action")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "game_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"attempt_number" integer NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"score" real,
	"is_correct" boolean,
	"transcription" text,
	"ai_feedback" text,
	"hints_used" integer,
	"time_seconds" real,
	"response_audio_url" text,
	"attempt_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"corrected_by_user_id" integer,
	"corrected_at" timestamp with time zone,
	CONSTRAINT "game_attempts_challenge_number_key" UNIQUE("challenge_id","attempt_number"),
	CONSTRAINT "game_attempts_score_check" CHECK ("game_attempts"."score" between 0 and 1),
	CONSTRAINT "game_attempts_counts_check" CHECK ("game_attempts"."attempt_number" >= 1 and "game_attempts"."hints_used" >= 0 and "game_attempts"."time_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "game_challenges_session_position_key" UNIQUE("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_game_level_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"difficulty" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"is_active" boolean DEFAULT false NOT NULL,
	"duration_seconds" real DEFAULT 0 NOT NULL,
	"total_score" real,
	"accuracy_percentage" real,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_sessions_difficulty_check" CHECK ("game_sessions"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "game_sessions_accuracy_check" CHECK ("game_sessions"."accuracy_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "administrators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "administrators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"institution_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "administrators_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "administrators_status_check" CHECK ("administrators"."status" in ('active', 'archived', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"address_1" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"city_id" integer,
	"state_id" integer,
	"country_id" integer,
	"zip_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "staff_status_check" CHECK ("staff"."status" in ('pending', 'active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"role_id" integer NOT NULL,
	"institution_id" integer,
	"change_password" boolean DEFAULT true NOT NULL,
	"default_mfa_method" text,
	"archived_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_default_mfa_method_check" CHECK ("users"."default_mfa_method" in ('email', 'sms', 'app'))
);
--> statement-breakpoint
ALTER TABLE "patient_game_levels" ADD CONSTRAINT "patient_game_levels_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_game_levels" ADD CONSTRAINT "patient_game_levels_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_game_levels" ADD CONSTRAINT "patient_game_levels_exercise_configuration_id_exercise_configurations_id_fk" FOREIGN KEY ("exercise_configuration_id") REFERENCES "public"."exercise_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_game_levels" ADD CONSTRAINT "patient_game_levels_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_enrolments" ADD CONSTRAINT "mfa_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_hashes" ADD CONSTRAINT "password_hashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_configurations" ADD CONSTRAINT "exercise_configurations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_configurations" ADD CONSTRAINT "exercise_configurations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_configurations" ADD CONSTRAINT "exercise_configurations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_content_files" ADD CONSTRAINT "game_content_files_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_games" ADD CONSTRAINT "institution_games_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_games" ADD CONSTRAINT "institution_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_allowed_domains" ADD CONSTRAINT "institution_allowed_domains_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_notes" ADD CONSTRAINT "attempt_notes_attempt_id_game_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."game_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_notes" ADD CONSTRAINT "attempt_notes_note_type_id_note_types_id_fk" FOREIGN KEY ("note_type_id") REFERENCES "public"."note_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_notes" ADD CONSTRAINT "attempt_notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_notes" ADD CONSTRAINT "attempt_notes_last_edited_by_user_id_users_id_fk" FOREIGN KEY ("last_edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_assigned_staff_id_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_city_id_places_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_state_id_places_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_country_id_places_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_parent_id_places_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_attempts" ADD CONSTRAINT "game_attempts_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_attempts" ADD CONSTRAINT "game_attempts_challenge_id_game_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."game_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_attempts" ADD CONSTRAINT "game_attempts_corrected_by_user_id_users_id_fk" FOREIGN KEY ("corrected_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_challenges" ADD CONSTRAINT "game_challenges_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_patient_game_level_id_patient_game_levels_id_fk" FOREIGN KEY ("patient_game_level_id") REFERENCES "public"."patient_game_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_city_id_places_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_state_id_places_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_country_id_places_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_game_levels_one_per_level_key" ON "patient_game_levels" USING btree ("patient_id","game_id","difficulty") WHERE "patient_game_levels"."is_active";--> statement-breakpoint
CREATE INDEX "patient_game_levels_patient_idx" ON "patient_game_levels" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "audit_events_resource_idx" ON "audit_events" USING btree ("resource","resource_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "exercise_configurations_game_idx" ON "exercise_configurations" USING btree ("game_id","institution_id");--> statement-breakpoint
CREATE INDEX "institution_allowed_domains_domain_idx" ON "institution_allowed_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_lower_key" ON "institutions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "attempt_notes_attempt_idx" ON "attempt_notes" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree (lower("recipient"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_email_lower_key" ON "patients" USING btree (lower("email")) WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_institution_idx" ON "patients" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "patients_assigned_staff_idx" ON "patients" USING btree ("assigned_staff_id");--> statement-breakpoint
CREATE INDEX "places_parent_idx" ON "places" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "game_attempts_session_idx" ON "game_attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "game_sessions_level_start_idx" ON "game_sessions" USING btree ("patient_game_level_id","start_time");--> statement-breakpoint
CREATE INDEX "game_sessions_patient_start_idx" ON "game_sessions" USING btree ("patient_id","start_time");--> statement-breakpoint
CREATE INDEX "administrators_institution_idx" ON "administrators" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "staff_institution_idx" ON "staff" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_institution_idx" ON "users" USING btree ("institution_id");