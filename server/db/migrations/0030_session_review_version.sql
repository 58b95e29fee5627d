-- The version of a session's review mark (issue 31): PUT game-session/{id}/review/ honours If-Match.
ALTER TABLE "game_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- How many attempts of a session can be corrected, from the index alone (the review queue, issue 31).
CREATE INDEX "game_attempts_editable_session_idx" ON "game_attempts" USING btree ("session_id") WHERE "game_attempts"."is_editable";