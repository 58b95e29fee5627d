import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { type JsonObject, gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";

/**
 * A session's summary numbers, stored so lists and trends never re-aggregate attempts
 * (docs/attempt-mapping.md, "Session object"): the demo seed wrote them this way, and a
 * correction recomputes them the same way in its own transaction, so the tiles always agree
 * with the rows.
 */
export type TotalsAttempt = {
  readonly challengeId: number;
  readonly score: number | null;
  readonly isCorrect: boolean | null;
  readonly attemptData: JsonObject;
};

export type SessionTotals = {
  readonly totalScore: number | null;
  readonly accuracyPercentage: number | null;
  readonly metrics: JsonObject;
};

/** Stored figures carry one decimal, without float noise (0.1 + 0.2). */
export const roundOne = (value: number): number => Math.round(value * 10) / 10;

/** The correct words an attempt holds (verbal fluency's attempt_data.spoken_words.correct_words). */
export const correctWordCount = (attemptData: JsonObject): number => {
  const spoken = attemptData.spoken_words;
  if (typeof spoken !== "object" || spoken === null || !("correct_words" in spoken)) return 0;
  return Array.isArray(spoken.correct_words) ? spoken.correct_words.length : 0;
};

/**
 * Points are the sum of the scored attempts' scores; accuracy the share of scored attempts that
 * are correct; verbal fluency counts its correct words, memory grid the share of challenges solved
 * on some attempt. A session without scored attempts has neither points nor accuracy. Metric keys
 * this rule does not own are kept.
 */
export const sessionTotals = (
  gameType: string,
  challengeIds: readonly number[],
  attempts: readonly TotalsAttempt[],
  storedMetrics: JsonObject = {},
): SessionTotals => {
  const scored = attempts.filter((attempt) => attempt.score !== null);
  const totalScore = scored.length === 0 ? null : roundOne(scored.reduce((sum, attempt) => sum + (attempt.score ?? 0), 0));
  const accuracyPercentage = scored.length === 0 ? null : roundOne((scored.filter((attempt) => attempt.isCorrect === true).length / scored.length) * 100);
  if (gameType === "verbal_fluency") {
    return { totalScore, accuracyPercentage, metrics: { ...storedMetrics, words_count: attempts.reduce((sum, attempt) => sum + correctWordCount(attempt.attemptData), 0) } };
  }
  if (gameType === "memory_grid") {
    const solved = new Set(attempts.filter((attempt) => attempt.isCorrect === true).map((attempt) => attempt.challengeId));
    const rate = challengeIds.length === 0 ? null : roundOne((challengeIds.filter((id) => solved.has(id)).length / challengeIds.length) * 100);
    return { totalScore, accuracyPercentage, metrics: { ...storedMetrics, success_rate: rate } };
  }
  return { totalScore, accuracyPercentage, metrics: storedMetrics };
};

/** Recomputes and stores a session's totals from its attempts; run inside the correction's transaction. */
export const refreshSessionTotals = async (tx: Database, sessionId: number, gameType: string, storedMetrics: JsonObject): Promise<SessionTotals> => {
  const challenges = await tx.select({ id: gameChallenges.id }).from(gameChallenges).where(eq(gameChallenges.sessionId, sessionId)).orderBy(asc(gameChallenges.position));
  const attempts = await tx
    .select({ challengeId: gameAttempts.challengeId, score: gameAttempts.score, isCorrect: gameAttempts.isCorrect, attemptData: gameAttempts.attemptData })
    .from(gameAttempts)
    .where(eq(gameAttempts.sessionId, sessionId));
  const totals = sessionTotals(
    gameType,
    challenges.map((challenge) => challenge.id),
    attempts,
    storedMetrics,
  );
  await tx
    .update(gameSessions)
    .set({ totalScore: totals.totalScore, accuracyPercentage: totals.accuracyPercentage, metrics: totals.metrics })
    .where(eq(gameSessions.id, sessionId));
  return totals;
};
