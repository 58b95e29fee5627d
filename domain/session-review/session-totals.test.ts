import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { type TotalsAttempt, sessionTotals } from "./session-totals.ts";

// A session's stored figures, recomputed after a correction (docs/session-review-api.md, "Totals").

const attemptArb = (challengeIds: readonly number[]): fc.Arbitrary<TotalsAttempt> =>
  fc.record({
    challengeId: fc.constantFrom(...challengeIds),
    score: fc.option(fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10), { nil: null }),
    isCorrect: fc.option(fc.boolean(), { nil: null }),
    attemptData: fc.record({ spoken_words: fc.record({ correct_words: fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }) }) }),
  });
const sessionArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 })
  .chain((ids) => fc.tuple(fc.constant(ids), fc.array(attemptArb(ids), { maxLength: 12 })));
const gameType = fc.constantFrom("naming", "verbal_fluency", "memory_grid", "parrot");

describe("sessionTotals", () => {
  it("sums scores, shares correct among scored attempts, one decimal without float noise", () => {
    const attempts: TotalsAttempt[] = [
      { challengeId: 1, score: 0.1, isCorrect: true, attemptData: {} },
      { challengeId: 1, score: 0.2, isCorrect: false, attemptData: {} },
      { challengeId: 2, score: 1, isCorrect: true, attemptData: {} },
      { challengeId: 2, score: null, isCorrect: null, attemptData: {} },
    ];
    expect(sessionTotals("naming", [1, 2], attempts, { kept: 1 })).toEqual({ totalScore: 1.3, accuracyPercentage: 66.7, metrics: { kept: 1 } });
  });

  it("has neither points nor accuracy without a scored attempt", () => {
    expect(sessionTotals("naming", [1], [{ challengeId: 1, score: null, isCorrect: true, attemptData: {} }])).toEqual({ totalScore: null, accuracyPercentage: null, metrics: {} });
  });

  test.prop([gameType, sessionArb])("points and accuracy stay within their bounds, with one decimal", (type, [ids, attempts]) => {
    const totals = sessionTotals(type, ids, attempts);
    const scored = attempts.filter((attempt) => attempt.score !== null).length;
    expect(totals.totalScore === null).toBe(scored === 0);
    expect(totals.accuracyPercentage === null).toBe(scored === 0);
    if (totals.totalScore !== null) {
      expect(totals.totalScore).toBeGreaterThanOrEqual(0);
      expect(totals.totalScore).toBeLessThanOrEqual(scored);
      expect(Math.round(totals.totalScore * 10) / 10).toBe(totals.totalScore);
    }
    if (totals.accuracyPercentage !== null) {
      expect(totals.accuracyPercentage).toBeGreaterThanOrEqual(0);
      expect(totals.accuracyPercentage).toBeLessThanOrEqual(100);
    }
  });

  test.prop([sessionArb])("verbal fluency counts every correct word", ([ids, attempts]) => {
    const words = attempts.reduce((sum, attempt) => sum + ((attempt.attemptData.spoken_words as { correct_words: string[] }).correct_words.length), 0);
    expect(sessionTotals("verbal_fluency", ids, attempts).metrics.words_count).toBe(words);
  });

  test.prop([sessionArb])("memory grid's success rate is the share of challenges solved on some attempt", ([ids, attempts]) => {
    const solved = new Set(attempts.filter((attempt) => attempt.isCorrect === true).map((attempt) => attempt.challengeId)).size;
    expect(sessionTotals("memory_grid", ids, attempts).metrics.success_rate).toBeCloseTo((solved / ids.length) * 100, 1);
  });

  test.prop([gameType, sessionArb])("does not depend on the order of the attempts", (type, [ids, attempts]) => {
    expect(sessionTotals(type, ids, [...attempts].reverse())).toEqual(sessionTotals(type, ids, attempts));
  });
});
