import { asc, eq } from "drizzle-orm";
import { type SessionTotals, sessionTotals } from "../../../domain/session-review/session-totals.ts";
import type { Database } from "../../db/database.ts";
import { type JsonObject, gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";

/** What a refresh wrote, and the challenge count it read (the figures' time per item needs it). */
export type RefreshedTotals = SessionTotals & { readonly challengeCount: number };

/**
 * Recomputes and stores a session's totals from its attempts, by the domain's rule
 * (domain/session-review/session-totals.ts); run inside the correction's transaction, so the
 * tiles always agree with the rows.
 */
export const refreshSessionTotals = async (tx: Database, sessionId: number, gameType: string, storedMetrics: JsonObject): Promise<RefreshedTotals> => {
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
  return { ...totals, challengeCount: challenges.length };
};
