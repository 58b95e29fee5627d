import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { type Difficulty, DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { institutions } from "./institutions.ts";
import { allOf, oneOf } from "./one-of.ts";
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
 * The limits an assignment is made with (spec "exercise form instance"). Shared by exercise
 * templates (exercise_configurations) and patient assignments (patient_game_levels).
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
 * Named exercise templates ("configurations") institution and super administrators keep; a
 * template with no institution is offered platform-wide.
 */
export const exerciseConfigurations = pgTable(
  "exercise_configurations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    institutionId: integer("institution_id").references(() => institutions.id),
    name: text("name").notNull(),
    ...exerciseLimitColumns(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...limitChecks("exercise_configurations", t),
    check("exercise_configurations_name_check", sql`char_length(${t.name}) >= 2`),
    index("exercise_configurations_game_idx").on(t.gameId, t.institutionId),
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
