-- The version of a session's review mark (issue 31): PUT game-session/{id}/review/ honours If-Match.
ALTER TABLE "game_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;