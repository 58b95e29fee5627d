import { and, asc, count, desc, eq, lt, or } from "drizzle-orm";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import type { Database } from "../../db/database.ts";
import { games } from "../../db/schema/games.ts";
import { type JsonObject, gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { type AttemptJson, isoOf, loadAttempts, reviewJson } from "./attempt-records.ts";

/** The numbers a session's statistics and their changes are computed from. */
type SessionFigures = {
  readonly totalScore: number | null;
  readonly accuracy: number | null;
  readonly duration: number | null;
  readonly average: number | null;
};

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

const challengeCountOf = async (db: Database, sessionId: number): Promise<number> => {
  const [row] = await db.select({ total: count() }).from(gameChallenges).where(eq(gameChallenges.sessionId, sessionId));
  return row?.total ?? 0;
};

/** The session played just before this one on the same exercise level, as figures. */
const previousFigures = async (
  db: Database,
  gameType: string,
  session: { readonly id: number; readonly levelId: number; readonly startTime: Date },
): Promise<SessionFigures | undefined> => {
  const [previous] = await db
    .select({ id: gameSessions.id, totalScore: gameSessions.totalScore, accuracy: gameSessions.accuracyPercentage, duration: gameSessions.durationSeconds, metrics: gameSessions.metrics })
    .from(gameSessions)
    .where(
      and(
        eq(gameSessions.patientGameLevelId, session.levelId),
        or(lt(gameSessions.startTime, session.startTime), and(eq(gameSessions.startTime, session.startTime), lt(gameSessions.id, session.id))),
      ),
    )
    .orderBy(desc(gameSessions.startTime), desc(gameSessions.id))
    .limit(1);
  if (previous === undefined) return undefined;
  const challenges = gameType === "verbal_fluency" ? 0 : await challengeCountOf(db, previous.id);
  return {
    totalScore: previous.totalScore,
    accuracy: previous.accuracy,
    duration: previous.duration,
    average: averagePerContent(gameType, previous.duration, previous.metrics, challenges),
  };
};

/**
 * GET game-session/{id}/detailed/ (docs/attempt-mapping.md; docs/session-review-api.md): the
 * session with its statistics, their change against the previous session of the same level,
 * its challenges with their attempts, each attempt's notes and correction, and the parts this
 * portal adds: whose session, which level, who reviewed it. Six queries whatever the size.
 */
export const loadSessionDetail = async (db: Database, sessionId: number): Promise<SessionDetailJson | undefined> => {
  const [found] = await db
    .select({
      session: gameSessions,
      game: { id: games.id, name: games.name, type: games.type },
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .leftJoin(users, eq(users.id, gameSessions.reviewedByUserId))
    .where(eq(gameSessions.id, sessionId))
    .limit(1);
  if (found === undefined) return undefined;
  const { session, game, reviewer } = found;
  const [challenges, attempts, previous] = await Promise.all([
    db
      .select({ id: gameChallenges.id, position: gameChallenges.position, content: gameChallenges.content })
      .from(gameChallenges)
      .where(eq(gameChallenges.sessionId, sessionId))
      .orderBy(asc(gameChallenges.position)),
    loadAttempts(db, eq(gameAttempts.sessionId, sessionId), eq(gameAttempts.sessionId, sessionId)),
    previousFigures(db, game.type, { id: session.id, levelId: session.patientGameLevelId, startTime: session.startTime }),
  ]);
  const byChallenge = new Map<number, AttemptJson[]>();
  for (const { challengeId, attempt } of attempts) {
    const list = byChallenge.get(challengeId);
    if (list === undefined) byChallenge.set(challengeId, [attempt]);
    else list.push(attempt);
  }
  const duration = session.durationSeconds;
  const average = averagePerContent(game.type, duration, session.metrics, challenges.length);
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
    total_score_percentage_change: percentageChange(session.totalScore, previous?.totalScore),
    accuracy_percentage: session.accuracyPercentage,
    accuracy_percentage_change: percentageChange(session.accuracyPercentage, previous?.accuracy),
    total_session_duration: duration,
    total_session_duration_percentage_change: percentageChange(duration, previous?.duration),
    avg_duration_per_content: average,
    avg_duration_per_content_percentage_change: percentageChange(average, previous?.average),
    game_metrics: {
      ...(game.type === "verbal_fluency" ? { words_count: finiteOrNull(session.metrics.words_count) } : {}),
      ...(game.type === "memory_grid" ? { success_rate: finiteOrNull(session.metrics.success_rate) } : {}),
    },
    challenges_in_session: challenges.map((challenge) => ({
      id: challenge.id,
      order: challenge.position,
      content: challenge.content,
      attempts: byChallenge.get(challenge.id) ?? [],
    })),
  };
};
