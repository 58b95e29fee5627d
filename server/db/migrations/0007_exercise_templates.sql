CREATE TABLE "exercise_template_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_template_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"position" integer NOT NULL,
	"difficulty" text NOT NULL,
	"amount_challenges" integer NOT NULL,
	"amount_trials" integer NOT NULL,
	"min_repetitions_per_day" integer NOT NULL,
	"max_repetitions_per_day" integer NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exercise_template_forms_difficulty_check" CHECK ("exercise_template_forms"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "exercise_template_forms_amounts_check" CHECK ("exercise_template_forms"."amount_challenges" >= 1 and "exercise_template_forms"."amount_trials" >= 1),
	CONSTRAINT "exercise_template_forms_repetitions_check" CHECK ("exercise_template_forms"."min_repetitions_per_day" >= 0 and "exercise_template_forms"."min_repetitions_per_day" <= "exercise_template_forms"."max_repetitions_per_day")
);
--> statement-breakpoint
CREATE TABLE "exercise_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer,
	"name" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_templates_name_check" CHECK (char_length("exercise_templates"."name") >= 2)
);
--> statement-breakpoint
ALTER TABLE "patient_game_levels" ADD COLUMN "exercise_template_id" integer;--> statement-breakpoint
ALTER TABLE "exercise_template_forms" ADD CONSTRAINT "exercise_template_forms_template_id_exercise_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."exercise_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_template_forms" ADD CONSTRAINT "exercise_template_forms_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_templates" ADD CONSTRAINT "exercise_templates_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_templates" ADD CONSTRAINT "exercise_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_template_forms_one_per_level_key" ON "exercise_template_forms" USING btree ("template_id","game_id","difficulty");--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_templates_name_key" ON "exercise_templates" USING btree (coalesce("institution_id", 0),lower("name"));--> statement-breakpoint
ALTER TABLE "patient_game_levels" ADD CONSTRAINT "patient_game_levels_exercise_template_id_exercise_templates_id_fk" FOREIGN KEY ("exercise_template_id") REFERENCES "public"."exercise_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: each one-game configuration becomes a template with one form and keeps its id, so
-- an assignment's exercise_configuration_id is its exercise_template_id. Names are now unique per
-- owner (institution or platform), so a copied name gains its game's name, and a number if still taken.
INSERT INTO "exercise_templates" ("id", "institution_id", "name", "created_by_user_id", "created_at", "updated_at") OVERRIDING SYSTEM VALUE
SELECT c."id", c."institution_id", CASE WHEN n."rank" = 1 THEN n."base" ELSE n."base" || ' ' || n."rank" END, c."created_by_user_id", c."created_at", c."updated_at"
FROM "exercise_configurations" c
JOIN (
	SELECT c2."id", c2."name" || ' - ' || g."name" AS "base",
		row_number() OVER (PARTITION BY coalesce(c2."institution_id", 0), lower(c2."name" || ' - ' || g."name") ORDER BY c2."id") AS "rank"
	FROM "exercise_configurations" c2 JOIN "games" g ON g."id" = c2."game_id"
) n ON n."id" = c."id";--> statement-breakpoint
INSERT INTO "exercise_template_forms" ("template_id", "game_id", "position", "difficulty", "amount_challenges", "amount_trials", "min_repetitions_per_day", "max_repetitions_per_day", "unlimited")
SELECT "id", "game_id", 1, "difficulty", "amount_challenges", "amount_trials", "min_repetitions_per_day", "max_repetitions_per_day", "unlimited" FROM "exercise_configurations";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"exercise_templates"', 'id'), coalesce((SELECT max("id") FROM "exercise_templates"), 0) + 1, false);--> statement-breakpoint
UPDATE "patient_game_levels" SET "exercise_template_id" = "exercise_configuration_id" WHERE "exercise_configuration_id" IS NOT NULL;
