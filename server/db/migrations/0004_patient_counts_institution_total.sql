-- An administrator's count summed one patient_counts row per SLP, status and review state (1,500
-- rows for 250 SLPs). Each live patient now also counts under staff_key -1, the whole institution,
-- so that count sums at most six rows; the staff_key index served nothing.
DROP INDEX "patient_counts_staff_idx";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patient_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, -count(*)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM old_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed FROM old_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, staff_key, status, reviewed, count(*)::integer
      FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM new_rows WHERE archived_at IS NULL
            UNION ALL SELECT institution_id, -1, status, reviewed FROM new_rows WHERE archived_at IS NULL) AS live
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DELETE FROM "patient_counts";
--> statement-breakpoint
INSERT INTO "patient_counts" (institution_id, staff_key, status, reviewed, total)
  SELECT institution_id, staff_key, status, reviewed, count(*)::integer
  FROM (SELECT institution_id, coalesce(assigned_staff_id, 0) AS staff_key, status, reviewed FROM "patients" WHERE archived_at IS NULL
        UNION ALL SELECT institution_id, -1, status, reviewed FROM "patients" WHERE archived_at IS NULL) AS live
  GROUP BY 1, 2, 3, 4;
