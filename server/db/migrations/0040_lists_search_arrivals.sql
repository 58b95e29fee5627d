DROP INDEX "patients_list_created_idx";--> statement-breakpoint
DROP INDEX "patients_list_name_idx";--> statement-breakpoint
DROP INDEX "patients_caseload_created_idx";--> statement-breakpoint
DROP INDEX "patients_caseload_name_idx";--> statement-breakpoint
DROP INDEX "patients_search_idx";--> statement-breakpoint
DROP INDEX "users_list_name_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (patient_search_text(first_name, last_name, email)) STORED;--> statement-breakpoint
CREATE INDEX "patients_list_last_name_idx" ON "patients" USING btree ("institution_id",patient_fold("last_name") collate "C","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_list_created_idx" ON "patients" USING btree ("institution_id","created_at","id","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_list_name_idx" ON "patients" USING btree ("institution_id",patient_fold("first_name") collate "C","id","first_name","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_created_idx" ON "patients" USING btree ("assigned_staff_id","created_at","id","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_name_idx" ON "patients" USING btree ("assigned_staff_id",patient_fold("first_name") collate "C","id","first_name","status","reviewed") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_search_idx" ON "patients" USING gin (patient_trigrams("search_text")) WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree ("institution_id",patient_fold("first_name") collate "C",patient_fold("last_name") collate "C","id","first_name","last_name") WHERE "users"."archived_at" is null;