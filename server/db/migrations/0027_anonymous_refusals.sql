CREATE TABLE "anonymous_refusals" (
	"window_start" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "anonymous_refusals_window_start_ip_action_outcome_reason_pk" PRIMARY KEY("window_start","ip","action","outcome","reason"),
	CONSTRAINT "anonymous_refusals_outcome_check" CHECK ("anonymous_refusals"."outcome" in ('denied', 'failure'))
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
-- The summaries are part of the audit trail: never deleted or truncated, and an update may only
-- add to a count (the anonymous-refusal upsert), never move a row to another address, kind or
-- hour, nor lower its count or rewrite when it was first seen. A trigger (not only a revoked
-- privilege) so the rule also binds the table owner, as for audit_events (0001).
CREATE FUNCTION "anonymous_refusals_forbid_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.window_start = OLD.window_start AND NEW.ip = OLD.ip AND NEW.action = OLD.action
    AND NEW.outcome = OLD.outcome AND NEW.reason = OLD.reason AND NEW.first_at = OLD.first_at
    AND NEW.count >= OLD.count AND NEW.last_at >= OLD.last_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'anonymous_refusals only counts up: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "anonymous_refusals_only_count_up"
  BEFORE UPDATE OR DELETE ON "anonymous_refusals"
  FOR EACH ROW EXECUTE FUNCTION "anonymous_refusals_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "anonymous_refusals_no_truncate"
  BEFORE TRUNCATE ON "anonymous_refusals"
  FOR EACH STATEMENT EXECUTE FUNCTION "anonymous_refusals_forbid_change"();
