CREATE TABLE "communication_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communication_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"scale" text NOT NULL,
	"level" integer NOT NULL,
	"occasion" text NOT NULL,
	"rated_on" date NOT NULL,
	"rated_by_user_id" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "communication_ratings_scale_check" CHECK ("communication_ratings"."scale" in ('attention', 'memory', 'motor_speech', 'reading', 'spoken_language_comprehension', 'spoken_language_expression', 'swallowing', 'writing')),
	CONSTRAINT "communication_ratings_occasion_check" CHECK ("communication_ratings"."occasion" in ('evaluation', 'report', 'discharge')),
	CONSTRAINT "communication_ratings_level_check" CHECK ("communication_ratings"."level" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "communication_ratings" ADD CONSTRAINT "communication_ratings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_ratings" ADD CONSTRAINT "communication_ratings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_ratings" ADD CONSTRAINT "communication_ratings_rated_by_user_id_users_id_fk" FOREIGN KEY ("rated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_ratings_patient_idx" ON "communication_ratings" USING btree ("patient_id","scale","rated_on");--> statement-breakpoint
-- A rating is kept (issue 37): a correction is a newer rating, never an UPDATE or a DELETE. A
-- trigger, so the rule binds the application's own role too (as audit_events, migration 0001).
CREATE FUNCTION "communication_ratings_forbid_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'communication_ratings are kept: % is not allowed, a correction is a new rating', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "communication_ratings_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "communication_ratings"
  FOR EACH ROW EXECUTE FUNCTION "communication_ratings_forbid_change"();
