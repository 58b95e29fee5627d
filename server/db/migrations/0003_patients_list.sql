-- The patients list's search (docs/patients-api.md, "Search"): case- and accent-insensitive
-- matching without extensions, because PGlite loads neither unaccent nor pg_trgm unless the
-- embedded database is built with them. patient_fold is the folding both sides of a search use
-- (server/features/patients/search-fold.ts mirrors it for tests); patient_trigrams is what
-- pg_trgm would index, as a plain text[] that GIN's built-in array_ops indexes.
-- ASCII text (most names and e-mails) skips the translation: translate() over 176 letters costs
-- about 25 µs a call, lower() alone under 1 µs. Not STRICT, so the planner inlines patient_fold and
-- patient_search_text into plain expressions (NULL in still gives NULL out). GIN removes duplicate
-- trigrams itself.
-- Bodies name public. explicitly: PostgreSQL 17 and later build indexes with search_path = pg_catalog.
CREATE FUNCTION "patient_fold"(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length(t) = char_length(t) THEN lower(t) ELSE lower(translate(
    replace(replace(replace(replace(replace(replace(replace(t, 'ß', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'Þ', 'th'), 'þ', 'th'),
    'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŸŶŷŹźŻżŽžÐð',
    'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzdd')) END
$$;
--> statement-breakpoint
-- First name, last name (with a space between, so "ann smith" finds Ann Smith) and e-mail; the
-- unit separator (U+001F, which no search text may hold) keeps a match from spanning name and e-mail.
CREATE FUNCTION "patient_search_text"(first_name text, last_name text, email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.patient_fold(first_name) || ' ' || public.patient_fold(last_name) || chr(31) || public.patient_fold(email)
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_trigrams"(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT substr(t, i, 3) FROM generate_series(1, char_length(t) - 2) AS i)
$$;
--> statement-breakpoint
CREATE TABLE "patient_counts" (
	"institution_id" integer NOT NULL,
	"staff_key" integer NOT NULL,
	"status" text NOT NULL,
	"reviewed" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "patient_counts_institution_id_staff_key_status_reviewed_pk" PRIMARY KEY("institution_id","staff_key","status","reviewed")
);
--> statement-breakpoint
ALTER TABLE "patient_counts" ADD CONSTRAINT "patient_counts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_counts_staff_idx" ON "patient_counts" USING btree ("staff_key");--> statement-breakpoint
CREATE INDEX "patients_list_created_idx" ON "patients" USING btree ("institution_id","created_at","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_list_name_idx" ON "patients" USING btree ("institution_id",patient_fold("first_name") collate "C","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_created_idx" ON "patients" USING btree ("assigned_staff_id","created_at","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_caseload_name_idx" ON "patients" USING btree ("assigned_staff_id",patient_fold("first_name") collate "C","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_search_idx" ON "patients" USING gin (patient_trigrams(patient_search_text("first_name", "last_name", "email"))) WHERE "patients"."archived_at" is null;
--> statement-breakpoint
-- patient_counts follows every insert, update and delete on patients, one statement at a time
-- (transition tables), so a bulk insert of 100,000 rows costs one grouped upsert per statement.
CREATE FUNCTION "patient_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, coalesce(assigned_staff_id, 0), status, reviewed, -count(*)::integer
      FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO patient_counts AS c (institution_id, staff_key, status, reviewed, total)
      SELECT institution_id, coalesce(assigned_staff_id, 0), status, reviewed, count(*)::integer
      FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4
      ON CONFLICT (institution_id, staff_key, status, reviewed) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "patient_counts_on_insert" AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_counts_on_update" AFTER UPDATE ON "patients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "patient_counts_on_delete" AFTER DELETE ON "patients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_follow"();
--> statement-breakpoint
INSERT INTO "patient_counts" (institution_id, staff_key, status, reviewed, total)
  SELECT institution_id, coalesce(assigned_staff_id, 0), status, reviewed, count(*)::integer
  FROM "patients" WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4;
