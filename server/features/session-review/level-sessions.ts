import { count, desc, eq, sql } from "drizzle-orm";
import type { GameStatisticsWire } from "../../../domain/session-review/game-statistics-wire.ts";
import type { SessionListPageWire } from "../../../domain/session-review/session-list-wire.ts";

type StatisticsJson = typeof GameStatisticsWire.Encoded;
type SessionPageJson = typeof SessionListPageWire.Encoded;
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { isoOf } from "./attempt-records.ts";
import { percentageChange } from "../../../domain/session-review/session-figures.ts";

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the ISO week holding `now`: "this week" of the statistics. */
export const isoWeekStart = (now: Date): Date => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
};

/**
 * GET game-sessions-statistics/: when the level was last played, the time spent on it this ISO
 * week (UTC) and in all, and this week's time against last week's (null when last week had
 * none). Times are 0, not null, before the first session: no time was spent.
 */
export const levelStatistics = async (db: Database, levelId: number, now: Date): Promise<StatisticsJson> => {
  const weekStart = isoWeekStart(now);
  const lastWeekStart = new Date(weekStart.getTime() - 7 * DAY_MS);
  const [game] = await db
    .select({ id: games.id, name: games.name })
    .from(patientGameLevels)
    .innerJoin(games, eq(games.id, patientGameLevels.gameId))
    .where(eq(patientGameLevels.id, levelId))
    .limit(1);
  const [figures] = await db
    .select({
      last: sql<Date | null>`max(${gameSessions.startTime})`.mapWith(gameSessions.startTime),
      total: sql<number>`coalesce(sum(${gameSessions.durationSeconds}), 0)`.mapWith(Number),
      thisWeek: sql<number>`coalesce(sum(${gameSessions.durationSeconds}) filter (where ${gameSessions.startTime} >= ${weekStart.toISOString()}), 0)`.mapWith(Number),
      lastWeek: sql<number>`coalesce(sum(${gameSessions.durationSeconds}) filter (where ${gameSessions.startTime} >= ${lastWeekStart.toISOString()} and ${gameSessions.startTime} < ${weekStart.toISOString()}), 0)`.mapWith(Number),
    })
    .from(gameSessions)
    .where(eq(gameSessions.patientGameLevelId, levelId));
  const last = figures?.last ?? null;
  const thisWeek = figures?.thisWeek ?? 0;
  return {
    last_session_start_time: last === null ? null : isoOf(last),
    time_this_week_seconds: thisWeek,
    total_time_seconds: figures?.total ?? 0,
    game_details: { id: game?.id ?? 0, name: game?.name ?? null },
    percentage_change_this_week: percentageChange(thisWeek, figures?.lastWeek ?? 0),
  };
};

/**
 * GET game-sessions-list/: one page of a level's sessions, newest first (start time, then id, so
 * paging is stable). A page past the end answers its number with no rows, as the patients list does.
 */
export const levelSessionPage = async (db: Database, levelId: number, page: number, pageSize: number): Promise<SessionPageJson> => {
  const [total] = await db.select({ total: count() }).from(gameSessions).where(eq(gameSessions.patientGameLevelId, levelId));
  const rows = await db
    .select({
      id: gameSessions.id,
      startTime: gameSessions.startTime,
      duration: gameSessions.durationSeconds,
      difficulty: gameSessions.difficulty,
      assignedAt: patientGameLevels.assignedAt,
      accuracy: gameSessions.accuracyPercentage,
      totalScore: gameSessions.totalScore,
      reviewed: gameSessions.reviewed,
    })
    .from(gameSessions)
    .innerJoin(patientGameLevels, eq(patientGameLevels.id, gameSessions.patientGameLevelId))
    .where(eq(gameSessions.patientGameLevelId, levelId))
    .orderBy(desc(gameSessions.startTime), desc(gameSessions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rowCount = total?.total ?? 0;
  return {
    current_page: page,
    total_pages: Math.ceil(rowCount / pageSize),
    count: rowCount,
    results: rows.map((row) => ({
      id: row.id,
      start_time: isoOf(row.startTime),
      duration: row.duration,
      current_level: row.difficulty,
      assigned_at: isoOf(row.assignedAt),
      accuracy_percentage: row.accuracy,
      reviewed: row.reviewed,
      total_score: row.totalScore,
    })),
  };
};
