CREATE TABLE "session_detail_cache" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"epoch" integer NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_detail_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "session_detail_epoch_one_row" CHECK ("session_detail_epoch"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "detail_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_detail_cache" ADD CONSTRAINT "session_detail_cache_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The kept text is read whole and sent as it is: stored uncompressed, reading it back skips pglz.
ALTER TABLE "session_detail_cache" ALTER COLUMN "body" SET STORAGE EXTERNAL;
--> statement-breakpoint
INSERT INTO "session_detail_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
-- Every update of a session moves its detail_version: what a review or a correction's totals
-- change is in the detail, and the triggers below move it by updating the row.
CREATE FUNCTION "session_detail_version_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.detail_version := OLD.detail_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_detail_version_on_update" BEFORE UPDATE ON "game_sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_detail_version_on_update"();
--> statement-breakpoint
-- Challenges and attempts written: their sessions' detail_version moves, once per statement.
-- A session row this transaction has already written is left alone: either it is new (nobody
-- else can have read, let alone cached, its detail) or its version has already moved in this
-- transaction, and a cached text of that version can only be built after the whole transaction
-- commits. This keeps the seeds and the mobile upload, which write a session and then its
-- challenges and attempts, from updating every new session twice more. (A row of a savepoint
-- carries the savepoint's id and is moved again: harmless.)
CREATE FUNCTION "session_detail_follow_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id IN (SELECT session_id FROM new_rows) AND s.xmin <> pg_current_xact_id()::xid;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id IN (SELECT session_id FROM old_rows) AND s.xmin <> pg_current_xact_id()::xid;
  ELSE
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id IN (SELECT session_id FROM new_rows UNION SELECT session_id FROM old_rows) AND s.xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Notes written: the sessions of their attempts, in the same way.
CREATE FUNCTION "session_detail_follow_notes"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id IN (SELECT a.session_id FROM new_rows n JOIN game_attempts a ON a.id = n.attempt_id) AND s.xmin <> pg_current_xact_id()::xid;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id IN (SELECT a.session_id FROM old_rows n JOIN game_attempts a ON a.id = n.attempt_id) AND s.xmin <> pg_current_xact_id()::xid;
  ELSE
    UPDATE game_sessions s SET detail_version = s.detail_version
      WHERE s.id IN (SELECT a.session_id FROM (SELECT attempt_id FROM new_rows UNION SELECT attempt_id FROM old_rows) n JOIN game_attempts a ON a.id = n.attempt_id)
        AND s.xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_challenges_insert" AFTER INSERT ON "game_challenges"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_rows"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_challenges_update" AFTER UPDATE ON "game_challenges"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_rows"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_challenges_delete" AFTER DELETE ON "game_challenges"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_rows"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_attempts_insert" AFTER INSERT ON "game_attempts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_rows"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_attempts_update" AFTER UPDATE ON "game_attempts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_rows"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_attempts_delete" AFTER DELETE ON "game_attempts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_rows"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_notes_insert" AFTER INSERT ON "attempt_notes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_notes"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_notes_update" AFTER UPDATE ON "attempt_notes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_notes"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_follow_notes_delete" AFTER DELETE ON "attempt_notes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_follow_notes"();
--> statement-breakpoint
-- What a detail shows from outside its session: the names and e-mails of note authors, editors,
-- correctors, and the note types. A change voids every kept text at once (rare changes).
CREATE FUNCTION "session_detail_epoch_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE session_detail_epoch SET epoch = epoch + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_detail_people" AFTER UPDATE OF "first_name", "last_name", "email" ON "users"
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "session_detail_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "session_detail_note_types" AFTER UPDATE OR DELETE ON "note_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_detail_epoch_bump"();
