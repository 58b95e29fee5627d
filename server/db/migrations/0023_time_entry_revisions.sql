CREATE TABLE "rtm_time_entry_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rtm_time_entry_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"revised_at" timestamp with time zone NOT NULL,
	"revised_by_user_id" integer,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"activity" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"note" text NOT NULL,
	"new_activity" text,
	"new_started_at" timestamp with time zone,
	"new_minutes" integer,
	"new_note" text,
	CONSTRAINT "rtm_time_entry_revisions_kind_check" CHECK ("rtm_time_entry_revisions"."kind" in ('edit', 'remove')),
	CONSTRAINT "rtm_time_entry_revisions_activity_check" CHECK ("rtm_time_entry_revisions"."activity" in ('review', 'messaging', 'call', 'care_planning'))
);
--> statement-breakpoint
ALTER TABLE "rtm_time_entry_revisions" ADD CONSTRAINT "rtm_time_entry_revisions_entry_id_rtm_time_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."rtm_time_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rtm_time_entry_revisions" ADD CONSTRAINT "rtm_time_entry_revisions_revised_by_user_id_users_id_fk" FOREIGN KEY ("revised_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rtm_time_entry_revisions_entry_idx" ON "rtm_time_entry_revisions" USING btree ("entry_id","revised_at");--> statement-breakpoint
-- The correction history of time entries (issue 24, docs/billing.md "Time log"): every correction
-- and removal of an entry leaves one row with the values before (and after, for a correction), in
-- the statement that changes the entry, so no write path can skip it. A portal write bumps the
-- entry's version and names the reason, author and time on the row (corrected_*, deleted_*); a
-- change made straight in the database (no version bump) is still kept, as "outside the portal".
CREATE FUNCTION "rtm_time_entry_revision"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    INSERT INTO rtm_time_entry_revisions (entry_id, revised_at, revised_by_user_id, kind, reason, activity, started_at, minutes, note)
    VALUES (OLD.id, NEW.deleted_at, NULL, 'remove', coalesce(NEW.deleted_reason, ''), OLD.activity, OLD.started_at, OLD.minutes, OLD.note);
  ELSIF NEW.version <> OLD.version THEN
    INSERT INTO rtm_time_entry_revisions (entry_id, revised_at, revised_by_user_id, kind, reason, activity, started_at, minutes, note, new_activity, new_started_at, new_minutes, new_note)
    VALUES (OLD.id, coalesce(NEW.corrected_at, now()), NEW.corrected_by, 'edit', coalesce(NEW.corrected_reason, ''), OLD.activity, OLD.started_at, OLD.minutes, OLD.note, NEW.activity, NEW.started_at, NEW.minutes, NEW.note);
  ELSE
    INSERT INTO rtm_time_entry_revisions (entry_id, revised_at, revised_by_user_id, kind, reason, activity, started_at, minutes, note, new_activity, new_started_at, new_minutes, new_note)
    VALUES (OLD.id, now(), NULL, 'edit', 'changed outside the portal', OLD.activity, OLD.started_at, OLD.minutes, OLD.note, NEW.activity, NEW.started_at, NEW.minutes, NEW.note);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "rtm_time_entry_revision" AFTER UPDATE ON "rtm_time_entries"
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND (
    NEW.version <> OLD.version OR NEW.deleted_at IS NOT NULL
    OR (OLD.activity, OLD.started_at, OLD.minutes, OLD.note) IS DISTINCT FROM (NEW.activity, NEW.started_at, NEW.minutes, NEW.note)))
  EXECUTE FUNCTION "rtm_time_entry_revision"();
--> statement-breakpoint
-- The entry row does not say who removed it; the removal's audit row, written in the same
-- transaction right after (server/http/open-route.ts), does: it names the removal's author. Only
-- those audit rows reach the function (the WHEN runs without calling it), so other audit writes pay nothing.
CREATE FUNCTION "rtm_time_entry_revision_author"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rtm_time_entry_revisions SET revised_by_user_id = NEW.user_id
  WHERE entry_id = NEW.resource_id::integer AND kind = 'remove' AND revised_by_user_id IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "rtm_time_entry_revision_author" AFTER INSERT ON "audit_events"
  FOR EACH ROW WHEN (NEW.resource = 'rtm_time_entry' AND NEW.action = 'delete' AND NEW.outcome = 'success'
    AND NEW.user_id IS NOT NULL AND NEW.resource_id ~ '^[0-9]{1,9}$')
  EXECUTE FUNCTION "rtm_time_entry_revision_author"();
