-- Issue 31 item 11: one normal form for e-mail addresses (docs/validation.md, normaliseEmail in
-- domain/shared/validators/email.ts). Addresses stored before it keep their domain as typed
-- ("Ana@Clinic.ORG", "slp@demo.test."); this writes each one's domain lower-cased and without the
-- trailing dot, the form every new address now arrives in. The local part stays as typed. A row
-- whose normal form another row already holds is left as it is (an administrator resolves the
-- clash); the unique indexes already compare in lower case, so only the trailing dot can clash.
-- IDNA is not done here: SQL has no punycode, and non-ASCII domains were never accepted by the
-- portal's domain rule. A changed row's version moves on, so a copy open in a browser is stale.
UPDATE "users" AS u
SET "email" = n."normal", "version" = u."version" + 1
FROM (
  SELECT "id", regexp_replace("email", '@[^@]*$', '') || '@' || lower(regexp_replace(substring("email" from '@([^@]*)$'), '\.$', '')) AS "normal"
  FROM "users"
  WHERE position('@' in "email") > 0
) AS n
WHERE n."id" = u."id"
  AND n."normal" <> u."email"
  AND NOT EXISTS (SELECT 1 FROM "users" AS o WHERE o."id" <> u."id" AND lower(o."email") = lower(n."normal"));
--> statement-breakpoint
UPDATE "patients" AS p
SET "email" = n."normal", "version" = p."version" + 1
FROM (
  SELECT "id", regexp_replace("email", '@[^@]*$', '') || '@' || lower(regexp_replace(substring("email" from '@([^@]*)$'), '\.$', '')) AS "normal"
  FROM "patients"
  WHERE position('@' in "email") > 0
) AS n
WHERE n."id" = p."id"
  AND n."normal" <> p."email"
  AND NOT EXISTS (SELECT 1 FROM "patients" AS o WHERE o."id" <> p."id" AND lower(o."email") = lower(n."normal"));
