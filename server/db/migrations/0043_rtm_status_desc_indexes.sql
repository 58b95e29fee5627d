-- Issue 36: the reversed status order (-status) read by its index. drizzle's .desc() had made it DESC NULLS LAST,
-- which the query's ORDER BY status_rank DESC (NULLS FIRST) does not match, so PostgreSQL sorted the month's
-- 100,000 rows for every page (300-450 ms at the large seed). Rebuilding both takes seconds at that size.
DROP INDEX "rtm_month_statuses_list_desc_idx";--> statement-breakpoint
DROP INDEX "rtm_month_statuses_caseload_desc_idx";--> statement-breakpoint
CREATE INDEX "rtm_month_statuses_list_desc_idx" ON "rtm_month_statuses" USING btree ("institution_id","month","status_rank" DESC NULLS FIRST,"name_key" collate "C","patient_id");--> statement-breakpoint
CREATE INDEX "rtm_month_statuses_caseload_desc_idx" ON "rtm_month_statuses" USING btree ("staff_id","month","status_rank" DESC NULLS FIRST,"name_key" collate "C","patient_id");