-- Issue 36: the /rtm page's counts per status kept on write (docs/billing.md "/rtm"), not a scan of the month's statuses per read.
CREATE TABLE "rtm_status_counts" (
	"institution_id" integer NOT NULL,
	"month" text NOT NULL,
	"staff_key" integer NOT NULL,
	"status_rank" smallint NOT NULL,
	"valid_until" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "rtm_status_counts_pk" PRIMARY KEY("institution_id","month","staff_key","status_rank","valid_until")
);
--> statement-breakpoint
-- rtm_status_counts_follow: not-stale statuses per institution, month, SLP (-1: all), rank and valid_until.
CREATE OR REPLACE FUNCTION "rtm_status_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rtm_status_counts AS c (institution_id, month, staff_key, status_rank, valid_until, total)
      SELECT institution_id, month, staff_key, status_rank, valid_until, count(*)::integer
      FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until FROM new_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date) FROM new_rows WHERE NOT stale) AS fresh
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (institution_id, month, staff_key, status_rank, valid_until) DO UPDATE SET total = c.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO rtm_status_counts AS c (institution_id, month, staff_key, status_rank, valid_until, total)
      SELECT institution_id, month, staff_key, status_rank, valid_until, -count(*)::integer
      FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until FROM old_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date) FROM old_rows WHERE NOT stale) AS fresh
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (institution_id, month, staff_key, status_rank, valid_until) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    INSERT INTO rtm_status_counts AS c (institution_id, month, staff_key, status_rank, valid_until, total)
      SELECT institution_id, month, staff_key, status_rank, valid_until, sum(delta)::integer
      FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until, -1 AS delta FROM old_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date), -1 FROM old_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, coalesce(staff_id, 0), status_rank, coalesce(valid_until, 'infinity'::date), 1 FROM new_rows WHERE NOT stale
            UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date), 1 FROM new_rows WHERE NOT stale) AS fresh
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(delta) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (institution_id, month, staff_key, status_rank, valid_until) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "rtm_status_counts_on_insert" AFTER INSERT ON "rtm_month_statuses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rtm_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "rtm_status_counts_on_update" AFTER UPDATE ON "rtm_month_statuses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rtm_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "rtm_status_counts_on_delete" AFTER DELETE ON "rtm_month_statuses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rtm_status_counts_follow"();
--> statement-breakpoint
-- The statuses kept so far, counted once (the triggers keep them from here on).
INSERT INTO "rtm_status_counts" (institution_id, month, staff_key, status_rank, valid_until, total)
  SELECT institution_id, month, staff_key, status_rank, valid_until, count(*)::integer
  FROM (SELECT institution_id, month, coalesce(staff_id, 0) AS staff_key, status_rank, coalesce(valid_until, 'infinity'::date) AS valid_until FROM rtm_month_statuses WHERE NOT stale
        UNION ALL SELECT institution_id, month, -1, status_rank, coalesce(valid_until, 'infinity'::date) FROM rtm_month_statuses WHERE NOT stale) AS fresh
  GROUP BY 1, 2, 3, 4, 5;
