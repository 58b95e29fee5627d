CREATE TABLE "disclosures" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"disclosed_on" date NOT NULL,
	"recipient" text NOT NULL,
	"recipient_address" text NOT NULL,
	"what" text NOT NULL,
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "disclosures_source_check" CHECK ("disclosures"."source" in ('manual', 'export'))
);
--> statement-breakpoint
CREATE INDEX "disclosures_patient_idx" ON "disclosures" USING btree ("patient_id","disclosed_on");--> statement-breakpoint
-- The accounting of disclosures and the review sign-offs are audit history too: append-only, like
-- audit_events (0001) and the chain (0033). A trigger, so the rule binds the table owner, which is
-- the role the application connects as; a correction is a new row.
CREATE FUNCTION "audit_record_forbid_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "disclosures_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "disclosures"
  FOR EACH ROW EXECUTE FUNCTION "audit_record_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "disclosures_no_truncate"
  BEFORE TRUNCATE ON "disclosures"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_record_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_reviews_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_reviews"
  FOR EACH ROW EXECUTE FUNCTION "audit_record_forbid_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_reviews_no_truncate"
  BEFORE TRUNCATE ON "audit_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_record_forbid_change"();
