CREATE TABLE "audit_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"reviewed_by" integer NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_reviews_institution_idx" ON "audit_reviews" USING btree ("institution_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "audit_events_institution_time_idx" ON "audit_events" USING btree ("institution_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_institution_action_idx" ON "audit_events" USING btree ("institution_id","action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_institution_ip_idx" ON "audit_events" USING btree ("institution_id","ip","occurred_at","id");