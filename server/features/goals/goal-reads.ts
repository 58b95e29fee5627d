import { asc, eq, sql } from "drizzle-orm";
import type { GoalFacts } from "../../../domain/goals/goal-criterion.ts";
import { type GoalSession, goalProgress } from "../../../domain/goals/goal-progress.ts";
import { progressToWire } from "../../../domain/goals/goal-summary.ts";
import type { GoalWire } from "../../../domain/goals/goals-wire.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { CalendarDay } from "../../../domain/shared/calendar/zone.ts";
import { GoalId } from "../../../domain/goals/goals-wire.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { games } from "../../db/schema/games.ts";
import { goals } from "../../db/schema/goals.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";

export type GoalRow = typeof goals.$inferSelect;

/** The facts the criterion engine judges a stored goal by. */
export const factsOfRow = (row: GoalRow): GoalFacts => ({
  criterion: { gameTypes: row.gameTypes, minLevel: row.minLevel, minAccuracy: row.minAccuracy, window: row.window, sessions: row.sessions, ofSessions: row.ofSessions },
  startDate: row.startDate,
  dueDate: row.dueDate,
  baselineEntered: row.baselineEntered,
  lifecycle: row.lifecycle,
});

/**
 * Every session of the patient as the engine reads it: game, level, the stored accuracy (which
 * every correction recomputes from the corrected attempts, server/features/session-review/
 * session-totals.ts, so it is the corrected figure) and the start's day in the institution's zone.
 * One indexed range of game_sessions_patient_start_idx: a year of daily sessions is 365 rows.
 */
export const patientGoalSessions = async (db: Database, patientId: number, timeZone: string): Promise<readonly GoalSession[]> => {
  const rows = await db
    .select({
      id: gameSessions.id,
      startTime: gameSessions.startTime,
      day: sql<string>`to_char(${gameSessions.startTime} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      gameType: games.type,
      level: gameSessions.difficulty,
      accuracy: gameSessions.accuracyPercentage,
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(gameSessions.patientId, patientId))
    .orderBy(asc(gameSessions.startTime), asc(gameSessions.id));
  return rows.map((row) => ({ id: row.id, startTime: row.startTime.toISOString(), day: row.day, gameType: row.gameType, level: row.level, accuracyPercent: row.accuracy, correctedAccuracyPercent: row.accuracy }));
};

/** The patient's institution's time zone and the day it is there now. */
export const patientCalendar = async (db: Database, patientId: number, now: Date): Promise<{ readonly timeZone: string; readonly today: CalendarDay }> => {
  const [row] = await db
    .select({ timeZone: institutions.timeZone })
    .from(patients)
    .innerJoin(institutions, eq(institutions.id, patients.institutionId))
    .where(eq(patients.id, patientId))
    .limit(1);
  const timeZone = row?.timeZone ?? "UTC";
  return { timeZone, today: calendarDayIn(now, timeZone) };
};

const orderOf = (row: GoalRow, byId: ReadonlyMap<number, GoalRow>): string => {
  // Long-term goals in label order, each followed by its short-term goals.
  const parent = row.parentGoalId === null ? row : (byId.get(row.parentGoalId) ?? row);
  return `${String(parent.id).padStart(10, "0")}:${row.parentGoalId === null ? "0" : `1:${String(row.id).padStart(10, "0")}`}`;
};

/** A goal row and its author as the wire carries them, judged on `today` over `sessions`. */
export const goalToWire = (row: GoalRow, author: { firstName: string; lastName: string }, sessions: readonly GoalSession[], today: CalendarDay): GoalWire => ({
  id: GoalId.make(row.id),
  patient: PatientId.make(row.patientId),
  label: row.label,
  kind: row.kind,
  parent_goal: row.parentGoalId === null ? null : GoalId.make(row.parentGoalId),
  statement: row.statement,
  game_types: row.gameTypes,
  min_level: row.minLevel,
  min_accuracy: row.minAccuracy,
  sessions: row.sessions,
  window: row.window,
  of_sessions: row.ofSessions,
  start_date: row.startDate,
  due_date: row.dueDate,
  baseline_entered: row.baselineEntered,
  lifecycle: row.lifecycle,
  created_by: { first_name: author.firstName, last_name: author.lastName },
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  version: row.version,
  progress: progressToWire(goalProgress(factsOfRow(row), sessions, today)),
});

/**
 * The patient's goals with their progress, judged on read (docs/goals.md, "Compute on read"): the
 * goals, the sessions once, then the pure engine per goal. Met and discontinued goals included.
 */
export const readPatientGoals = async (db: Database, patientId: number, now: Date): Promise<{ readonly today: CalendarDay; readonly goals: readonly GoalWire[] }> => {
  const { timeZone, today } = await patientCalendar(db, patientId, now);
  const rows = await db
    .select({ goal: goals, firstName: users.firstName, lastName: users.lastName })
    .from(goals)
    .innerJoin(users, eq(users.id, goals.createdByUserId))
    .where(eq(goals.patientId, patientId));
  const sessions = rows.length === 0 ? [] : await patientGoalSessions(db, patientId, timeZone);
  const byId = new Map(rows.map((row) => [row.goal.id, row.goal]));
  const ordered = [...rows].sort((a, b) => (orderOf(a.goal, byId) < orderOf(b.goal, byId) ? -1 : 1));
  return { today, goals: ordered.map((row) => goalToWire(row.goal, row, sessions, today)) };
};

/** One goal with its progress, as a write answers it. */
export const readGoal = async (db: Database, goalId: number, now: Date): Promise<GoalWire | undefined> => {
  const [row] = await db
    .select({ goal: goals, firstName: users.firstName, lastName: users.lastName })
    .from(goals)
    .innerJoin(users, eq(users.id, goals.createdByUserId))
    .where(eq(goals.id, goalId))
    .limit(1);
  if (row === undefined) return undefined;
  const { timeZone, today } = await patientCalendar(db, row.goal.patientId, now);
  return goalToWire(row.goal, row, await patientGoalSessions(db, row.goal.patientId, timeZone), today);
};
