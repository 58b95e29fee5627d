CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"authenticated_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"failed_code_attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	CONSTRAINT "auth_sessions_stage_check" CHECK ("auth_sessions"."stage" in ('pre_auth', 'active'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_guards" (
	"key" text PRIMARY KEY NOT NULL,
	"password_failures" integer DEFAULT 0 NOT NULL,
	"password_window_ends_at" timestamp with time zone,
	"code_failures" integer DEFAULT 0 NOT NULL,
	"code_window_ends_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"hard_locked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "mfa_enrolments" ADD COLUMN "last_used_step" bigint;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_auth_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_session_idx" ON "one_time_codes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");