import { roundToOneDecimal } from "../shared/format/round.ts";

/**
 * A session's summary numbers, stored so lists and trends never re-aggregate attempts
 * (docs/attempt-mapping.md, "Session object"): the demo seed wrote them this way, and a
 * correction recomputes them the same way, so the tiles always agree with the rows.
 */

/** A stored JSON object (attempt_data, a session's metrics): open, its keys read defensively. */
export type JsonObject = { readonly [key: string]: unknown };

/** What the totals read of one attempt. */
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

/** The correct words an attempt holds (verbal fluency's attempt_data.spoken_words.correct_words). */
export const correctWordCount = (attemptData: JsonObject): number => {
  const spoken = attemptData.spoken_words;
  if (typeof spoken !== "object" || spoken === null || !("correct_words" in spoken)) return 0;
  return Array.isArray(spoken.correct_words) ? spoken.correct_words.length : 0;
};

/**
 * Points are the sum of the scored attempts' scores; accuracy the share of scored attempts that
 * are correct; verbal fluency counts its correct words, memory grid the share of challenges solved
 * on some attempt. A session without scored attempts has neither points nor accuracy. Stored
 * figures carry one decimal (roundToOneDecimal, as the seed's). Metric keys this rule does not own
 * are kept.
 */
export const sessionTotals = (
  gameType: string,
  challengeIds: readonly number[],
  attempts: readonly TotalsAttempt[],
  storedMetrics: JsonObject = {},
): SessionTotals => {
  const scored = attempts.filter((attempt) => attempt.score !== null);
  const totalScore = scored.length === 0 ? null : roundToOneDecimal(scored.reduce((sum, attempt) => sum + (attempt.score ?? 0), 0));
  const accuracyPercentage =
    scored.length === 0 ? null : roundToOneDecimal((scored.filter((attempt) => attempt.isCorrect === true).length / scored.length) * 100);
  if (gameType === "verbal_fluency") {
    return { totalScore, accuracyPercentage, metrics: { ...storedMetrics, words_count: attempts.reduce((sum, attempt) => sum + correctWordCount(attempt.attemptData), 0) } };
  }
  if (gameType === "memory_grid") {
    const solved = new Set(attempts.filter((attempt) => attempt.isCorrect === true).map((attempt) => attempt.challengeId));
    const rate = challengeIds.length === 0 ? null : roundToOneDecimal((challengeIds.filter((id) => solved.has(id)).length / challengeIds.length) * 100);
    return { totalScore, accuracyPercentage, metrics: { ...storedMetrics, success_rate: rate } };
  }
  return { totalScore, accuracyPercentage, metrics: storedMetrics };
};
