CREATE TABLE "audit_chain" (
	"chain" integer NOT NULL,
	"position" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_chain_chain_position_pk" PRIMARY KEY("chain","position"),
	CONSTRAINT "audit_chain_event_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "audit_checkpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_checkpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"chain" integer NOT NULL,
	"position" bigint NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "patient_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "changes" jsonb;--> statement-breakpoint
CREATE INDEX "audit_checkpoints_chain_idx" ON "audit_checkpoints" USING btree ("chain","position");--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","occurred_at") WHERE "audit_events"."patient_id" is not null;--> statement-breakpoint
-- The chain and its checkpoints are audit history too: append-only, like audit_events (0001).
CREATE FUNCTION "audit_history_forbid_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_chain"
  FOR EACH ROW EXECUTE FUNCTION "audit_history_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate"
  BEFORE TRUNCATE ON "audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_history_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_checkpoints_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION "audit_history_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_checkpoints_no_truncate"
  BEFORE TRUNCATE ON "audit_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_history_forbid_change"();
