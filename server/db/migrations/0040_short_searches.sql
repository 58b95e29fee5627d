DROP INDEX "patients_search_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (patient_search_text(first_name, last_name, email)) STORED;--> statement-breakpoint
CREATE INDEX "patients_list_last_name_idx" ON "patients" USING btree ("institution_id",patient_fold("last_name") collate "C","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_search_idx" ON "patients" USING gin (patient_trigrams("search_text")) WHERE "patients"."archived_at" is null;