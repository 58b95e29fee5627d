-- A month's claim lines kept with its statuses (issue 36, docs/billing.md "Month-end"): `line` holds
-- the CSV line facts and claim codes of the same judgement as `status`, so the month-end's totals are
-- sums over these rows and its CSV a read of them, not a judgement per patient per request. Rows kept
-- before this migration have no line: they are made stale (worked out again by the next pass or read),
-- and from then on a fresh row always has one.
ALTER TABLE "rtm_month_statuses" ADD COLUMN "line" jsonb;--> statement-breakpoint
UPDATE "rtm_month_statuses" SET "stale" = true, "generation" = "generation" + 1 WHERE NOT "stale";--> statement-breakpoint
ALTER TABLE "rtm_month_statuses" ADD CONSTRAINT "rtm_month_statuses_line_check" CHECK ("rtm_month_statuses"."stale" or "rtm_month_statuses"."line" is not null);
