import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import type { Database } from "../../db/database.ts";
import { games } from "../../db/schema/games.ts";
import { type JsonObject, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { challengesJson, isoOf, reviewJson } from "./attempt-records.ts";

/** Everything of the detail but its challenges. */
export type SessionHeaderJson = Omit<SessionDetailJson, "challenges_in_session">;

const finiteOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * Seconds per item: per correct word for verbal fluency (none without words), per challenge for
 * every other game (docs/attempt-mapping.md, avg_duration_per_content).
 */
export const averagePerContent = (gameType: string, duration: number | null, metrics: JsonObject, challengeCount: number): number | null => {
  if (duration === null) return null;
  if (gameType === "verbal_fluency") {
    const words = finiteOrNull(metrics.words_count);
    return words === null || words <= 0 ? null : duration / words;
  }
  return challengeCount <= 0 ? null : duration / challengeCount;
};

/** Signed percent change against the previous session; none without one, or when it had 0. */
export const percentageChange = (current: number | null, previous: number | null | undefined): number | null => {
  if (current === null || previous === null || previous === undefined || previous === 0) return null;
  const change = ((current - previous) / previous) * 100;
  return Number.isFinite(change) ? change : null;
};

const previousSessions = alias(gameSessions, "previous_sessions");
const challengeCount = (sessionId: typeof gameSessions.id) =>
  sql<number>`(select count(*) from ${gameChallenges} where ${gameChallenges.sessionId} = ${sessionId})`.mapWith(Number);

/**
 * The session with its game, its reviewer and the session played just before it on the same
 * exercise level (start time, then id), each with its challenge count: one query.
 */
const loadHeader = async (db: Database, sessionId: number): Promise<SessionHeaderJson | undefined> => {
  const previous = db
    .select({
      totalScore: previousSessions.totalScore,
      accuracy: previousSessions.accuracyPercentage,
      duration: previousSessions.durationSeconds,
      metrics: previousSessions.metrics,
      // Written out: drizzle leaves the columns of a subquery's own fields unqualified.
      challenges: sql<number>`(select count(*) from game_challenges pc where pc.session_id = previous_sessions.id)`.mapWith(Number).as("previous_challenges"),
    })
    .from(previousSessions)
    .where(
      and(
        eq(previousSessions.patientGameLevelId, gameSessions.patientGameLevelId),
        or(lt(previousSessions.startTime, gameSessions.startTime), and(eq(previousSessions.startTime, gameSessions.startTime), lt(previousSessions.id, gameSessions.id))),
      ),
    )
    .orderBy(desc(previousSessions.startTime), desc(previousSessions.id))
    .limit(1)
    .as("previous");
  const [found] = await db
    .select({
      session: gameSessions,
      challenges: challengeCount(gameSessions.id),
      game: { id: games.id, name: games.name, type: games.type },
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      previous: { totalScore: previous.totalScore, accuracy: previous.accuracy, duration: previous.duration, metrics: previous.metrics, challenges: previous.challenges },
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .leftJoin(users, eq(users.id, gameSessions.reviewedByUserId))
    .leftJoinLateral(previous, sql`true`)
    .where(eq(gameSessions.id, sessionId))
    .limit(1);
  if (found === undefined) return undefined;
  const { session, game, reviewer } = found;
  const before = found.previous;
  const duration = session.durationSeconds;
  const average = averagePerContent(game.type, duration, session.metrics, found.challenges);
  const previousAverage = before === null || before.duration === null ? null : averagePerContent(game.type, before.duration, before.metrics ?? {}, Number(before.challenges));
  return {
    id: session.id,
    patient_id: session.patientId,
    patient_game_level_id: session.patientGameLevelId,
    review: reviewJson(session.reviewed, reviewer, session.reviewedAt),
    game_info: game,
    start_time: isoOf(session.startTime),
    difficulty: session.difficulty,
    is_active: session.isActive,
    total_score: session.totalScore,
    total_score_percentage_change: percentageChange(session.totalScore, before?.totalScore),
    accuracy_percentage: session.accuracyPercentage,
    accuracy_percentage_change: percentageChange(session.accuracyPercentage, before?.accuracy),
    total_session_duration: duration,
    total_session_duration_percentage_change: percentageChange(duration, before?.duration),
    avg_duration_per_content: average,
    avg_duration_per_content_percentage_change: percentageChange(average, previousAverage),
    game_metrics: {
      ...(game.type === "verbal_fluency" ? { words_count: finiteOrNull(session.metrics.words_count) } : {}),
      ...(game.type === "memory_grid" ? { success_rate: finiteOrNull(session.metrics.success_rate) } : {}),
    },
  };
};

/**
 * GET game-session/{id}/detailed/ (docs/attempt-mapping.md; docs/session-review-api.md): the
 * session with its statistics, their change against the previous session of the same level,
 * its challenges with their attempts, each attempt's notes and correction, and the parts this
 * portal adds (whose session, which level, who reviewed it), as the JSON text of the answer.
 * Two queries whatever the size; the challenges arrive as PostgreSQL's JSON text and are placed
 * into the answer as they are.
 */
export const loadSessionDetailText = async (db: Database, sessionId: number): Promise<string | undefined> => {
  const header = await loadHeader(db, sessionId);
  if (header === undefined) return undefined;
  const challenges = await challengesJson(db, sessionId);
  const head = JSON.stringify(header);
  return `${head.slice(0, -1)},"challenges_in_session":${challenges}}`;
};
