import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, integer, pgTable, real, text, unique } from "drizzle-orm/pg-core";
import { GOAL_KINDS, GOAL_LIFECYCLES, GOAL_WINDOWS, type GoalKind, type GoalLifecycle, type GoalWindow } from "../../../domain/goals/goal-criterion.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { difficultyCheck } from "./games.ts";
import { institutions } from "./institutions.ts";
import { allOf, oneOf } from "./one-of.ts";
import { patients } from "./patients.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, updatedAt } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * A patient's therapy goal (issue 37, docs/goals.md): a stable label (LTG-1, STG-1a under it), the
 * statement, the measurable criterion and its dates. Never deleted: a met or discontinued goal
 * stays with its lifecycle, since reports and the audit trail name it. The progress is not stored:
 * the criterion engine judges it from the sessions on every read (docs/goals.md, "Compute on read").
 * institution_id is the patient's, kept so no goal can be read across institutions by a bad join.
 */
export const goals = pgTable(
  "goals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    label: text("label").notNull(),
    kind: text("kind").$type<GoalKind>().notNull(),
    parentGoalId: integer("parent_goal_id").references((): AnyPgColumn => goals.id),
    statement: text("statement").notNull(),
    gameTypes: text("game_types").array().$type<GameType[]>().notNull(),
    minLevel: text("min_level").$type<Difficulty>().notNull(),
    minAccuracy: integer("min_accuracy").notNull(),
    window: text("window").$type<GoalWindow>().notNull(),
    sessions: integer("sessions").notNull(),
    ofSessions: integer("of_sessions").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** A baseline the SLP entered (percent); null: worked out from the sessions before the start. */
    baselineEntered: real("baseline_entered"),
    lifecycle: text("lifecycle").$type<GoalLifecycle>().notNull().default("active"),
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    lastEditedByUserId: integer("last_edited_by_user_id").references(() => users.id),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Labels are per patient and never reused; this index also serves "the goals of a patient".
    unique("goals_patient_label_key").on(t.patientId, t.label),
    oneOf("goals_kind_check", t.kind, GOAL_KINDS),
    oneOf("goals_window_check", t.window, GOAL_WINDOWS),
    oneOf("goals_lifecycle_check", t.lifecycle, GOAL_LIFECYCLES),
    difficultyCheck("goals_min_level_check", t.minLevel),
    allOf("goals_game_types_check", t.gameTypes, GAME_TYPES),
    check("goals_criterion_check", sql`${t.minAccuracy} between 1 and 100 and ${t.sessions} >= 1 and ${t.ofSessions} >= ${t.sessions} and ${t.dueDate} >= ${t.startDate}`),
    check("goals_parent_check", sql`(${t.kind} = 'short_term') = (${t.parentGoalId} is not null)`),
  ],
);
