import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { type Difficulty, DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { institutions } from "./institutions.ts";
import { allOf, oneOf } from "./one-of.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, updatedAt } from "./timestamps.ts";
import { users } from "./users.ts";

export const difficultyCheck = (name: string, column: AnyPgColumn) => oneOf(name, column, DIFFICULTY_ORDER);

/** The eight exercise types; one row each. */
export const games = pgTable(
  "games",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").$type<GameType>().notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The difficulties the game offers; pill sorting and chitchat AI offer only easy. */
    levelsAvailable: text("levels_available").array().$type<Difficulty[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("games_type_check", t.type, GAME_TYPES),
    allOf("games_levels_available_check", t.levelsAvailable, DIFFICULTY_ORDER),
  ],
);

/** Where the exercise content (JSON) of a game at one difficulty is downloaded from. */
export const gameContentFiles = pgTable(
  "game_content_files",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    difficulty: text("difficulty").$type<Difficulty>().notNull(),
    url: text("url").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.difficulty] }), difficultyCheck("game_content_files_difficulty_check", t.difficulty)],
);

/**
 * The limits an assignment is made with (spec "exercise form instance"). Shared by the forms of
 * exercise templates (exercise_template_forms) and patient assignments (patient_game_levels).
 */
export const exerciseLimitColumns = () => ({
  difficulty: text("difficulty").$type<Difficulty>().notNull(),
  amountChallenges: integer("amount_challenges").notNull(),
  amountTrials: integer("amount_trials").notNull(),
  minRepetitionsPerDay: integer("min_repetitions_per_day").notNull(),
  maxRepetitionsPerDay: integer("max_repetitions_per_day").notNull(),
  /** Unlimited play: the repetition limits are not enforced. */
  unlimited: boolean("unlimited").notNull().default(false),
});

type LimitColumns = Record<
  "amountChallenges" | "amountTrials" | "minRepetitionsPerDay" | "maxRepetitionsPerDay" | "difficulty",
  AnyPgColumn
>;

export const limitChecks = (prefix: string, t: LimitColumns) => [
  difficultyCheck(`${prefix}_difficulty_check`, t.difficulty),
  check(`${prefix}_amounts_check`, sql`${t.amountChallenges} >= 1 and ${t.amountTrials} >= 1`),
  check(`${prefix}_repetitions_check`, sql`${t.minRepetitionsPerDay} >= 0 and ${t.minRepetitionsPerDay} <= ${t.maxRepetitionsPerDay}`),
];

/**
 * Named, reusable sets of assignment forms (the spec's "exercise templates page"), kept by
 * institution and super administrators; a template with no institution is offered platform-wide.
 * A name is unique per owner (an institution, or the platform), whatever its case.
 */
export const exerciseTemplates = pgTable(
  "exercise_templates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer("institution_id").references(() => institutions.id),
    name: text("name").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("exercise_templates_name_check", sql`char_length(${t.name}) >= 2`),
    uniqueIndex("exercise_templates_name_key").on(sql`coalesce(${t.institutionId}, 0)`, sql`lower(${t.name})`),
  ],
);

/** One form of a template: a game at one difficulty with its limits; one form per game and difficulty. */
export const exerciseTemplateForms = pgTable(
  "exercise_template_forms",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer("template_id")
      .notNull()
      .references(() => exerciseTemplates.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    /** The order the administrator gave (games, then forms within a game). */
    position: integer("position").notNull(),
    ...exerciseLimitColumns(),
  },
  (t) => [
    ...limitChecks("exercise_template_forms", t),
    uniqueIndex("exercise_template_forms_one_per_level_key").on(t.templateId, t.gameId, t.difficulty),
  ],
);

/** Which games an institution has switched on (PUT institutions/{id}/assign_games/). */
export const institutionGames = pgTable(
  "institution_games",
  {
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.gameId] })],
);
