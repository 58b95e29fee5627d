-- Issue 36, arrivals: a patient's month status and claim line count the days with data, never how many
-- sessions a day holds (domain/billing/month-judge.ts; the /rtm row's per-day counts are read live). Yet
-- every arrival on a day that already had one moved that day's count, and the update trigger of 0022 then
-- marked all the patient's kept months stale: each kept row rewritten on every arrival (the first mark after
-- a judgement in its five indexes too, since `stale` is in the fresh index), the counts per status moved, and
-- the months worked out again by the next pass or read. Now an update marks a patient only where a day appeared, went, moved
-- or crossed zero; a count moving between two positive numbers marks nothing.
CREATE FUNCTION "rtm_month_statuses_on_data_day_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := ARRAY(
    SELECT DISTINCT patient_id FROM (
      (SELECT patient_id, day, sessions > 0 FROM old_rows EXCEPT SELECT patient_id, day, sessions > 0 FROM new_rows)
      UNION ALL
      (SELECT patient_id, day, sessions > 0 FROM new_rows EXCEPT SELECT patient_id, day, sessions > 0 FROM old_rows)
    ) AS changed (patient_id, day, has_data));
  IF cardinality(ids) > 0 THEN
    PERFORM rtm_month_statuses_mark(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "rtm_statuses_on_update" ON "patient_data_days";--> statement-breakpoint
CREATE TRIGGER "rtm_statuses_on_update" AFTER UPDATE ON "patient_data_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rtm_month_statuses_on_data_day_change"();
