import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { exerciseLimitColumns, exerciseTemplates, games, limitChecks } from "./games.ts";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * A game assigned to a patient at one difficulty with its limits: the "level" of the
 * /details-panel/patient/:id/level/:levelId route and the `game_level_id` of the session calls.
 */
export const patientGameLevels = pgTable(
  "patient_game_levels",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    ...exerciseLimitColumns(),
    /** The template the assignment was copied from, if any; later template edits do not follow. */
    exerciseTemplateId: integer("exercise_template_id").references(() => exerciseTemplates.id, { onDelete: "set null" }),
    assignedByUserId: integer("assigned_by_user_id").references(() => users.id),
    assignedAt: instant("assigned_at").notNull().defaultNow(),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * When the institution stopped offering the game while this assignment was live (issue 31):
     * the assignment is paused, not ended, and comes back live with the same limits when the
     * game is offered again. Null for every assignment the institution has not paused.
     */
    pausedByInstitutionAt: instant("paused_by_institution_at"),
    /**
     * The level's sessions not yet reviewed, kept on write by the same triggers on game_sessions as
     * patients.pending_sessions (migration 0017, docs/database.md "Counters kept on write"): the
     * patient page shows it per exercise on every visit.
     */
    pendingSessions: integer("pending_sessions").notNull().default(0),
  },
  (t) => [
    ...limitChecks("patient_game_levels", t),
    // A patient holds at most one live assignment per game and difficulty (the form offers only free levels).
    uniqueIndex("patient_game_levels_one_per_level_key")
      .on(t.patientId, t.gameId, t.difficulty)
      .where(sql`${t.isActive}`),
    index("patient_game_levels_patient_idx").on(t.patientId),
    // The patients list's game-and-level filter starts from the chosen games' live assignments
    // instead of probing every patient of the institution (docs/patients-api.md).
    index("patient_game_levels_game_level_idx")
      .on(t.gameId, t.difficulty, t.patientId)
      .where(sql`${t.isActive}`),
  ],
);
