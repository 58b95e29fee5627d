import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import { PATCHABLE_FIELDS } from "./attempt-edit.ts";
import type { AttemptPatchWire } from "./attempt-patch.ts";
import { type StoredAttempt, originalOf, originalValues, planCorrection } from "./correction-plan.ts";

// The correction rules the PATCH attempt/{id}/ handler asks (docs/session-review-api.md, "Corrections").

const stored = (over: Partial<StoredAttempt> = {}): StoredAttempt => ({
  score: 0,
  isCorrect: false,
  transcription: "apricot",
  attemptData: { spoken_words: { correct_words: ["cat"], wrong_words: ["table"] }, other: 1 },
  correctionOriginal: null,
  ...over,
});

const word = fc.string({ maxLength: 12 });
const storedArb: fc.Arbitrary<StoredAttempt> = fc.record({
  score: fc.option(fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10), { nil: null }),
  isCorrect: fc.option(fc.boolean(), { nil: null }),
  transcription: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  attemptData: fc.record({ spoken_words: fc.record({ correct_words: fc.array(word, { maxLength: 4 }), wrong_words: fc.array(word, { maxLength: 4 }) }) }),
  correctionOriginal: fc.constantFrom(null, { score: 0.4, is_correct: true, transcription: "first", correct_words: ["a"], wrong_words: null }),
});
const patchArb: fc.Arbitrary<AttemptPatchWire> = fc.record(
  {
    score: fc.double({ min: -1, max: 2, noNaN: true }),
    score_details: fc.record({ is_correct: fc.boolean(), transcription: fc.string({ maxLength: 30 }) }, { requiredKeys: [] }),
    attempt_data: fc.record({ spoken_words: fc.record({ correct_words: fc.array(word, { maxLength: 5 }), wrong_words: fc.array(word, { maxLength: 5 }) }, { requiredKeys: [] }) }),
  },
  { requiredKeys: [] },
);
const gameType = fc.constantFrom(...GAME_TYPES, "unknown_game");

describe("planCorrection", () => {
  it("asks for something to correct (ERROR_003)", () => {
    expect(planCorrection("naming", stored(), {})).toMatchObject({ ok: false, code: "ERROR_003" });
  });

  it("refuses a field the game does not allow, naming it (ERROR_051)", () => {
    expect(planCorrection("parrot", stored(), { score: 0.5 })).toMatchObject({ ok: false, code: "ERROR_051", field: "score" });
    expect(planCorrection("naming", stored(), { score_details: { transcription: "x" } })).toMatchObject({ ok: false, code: "ERROR_051", field: "score_details.transcription" });
  });

  it("trims word lists, drops blanks and merges spoken_words key by key", () => {
    const planned = planCorrection("verbal_fluency", stored(), { attempt_data: { spoken_words: { correct_words: [" dog", "", " "] } } });
    expect(planned).toMatchObject({ ok: true, value: { attemptData: { spoken_words: { correct_words: ["dog"], wrong_words: ["table"] }, other: 1 }, totalsChange: true } });
  });

  it("keeps the first correction's original", () => {
    const first = { score: 0.3, is_correct: true, transcription: null, correct_words: null, wrong_words: null };
    expect(planCorrection("naming", stored({ correctionOriginal: first }), { score: 1 })).toMatchObject({ ok: true, value: { original: first } });
  });

  test.prop([gameType, storedArb, patchArb])("a plan holds only the asked fields the game allows, and totals move exactly with score, result or words", (type, attempt, patch) => {
    const planned = planCorrection(type, attempt, patch);
    if (!planned.ok) {
      expect(["ERROR_003", "ERROR_051", "ERROR_056"]).toContain(planned.code);
      return;
    }
    const allowed: readonly string[] = type in PATCHABLE_FIELDS ? PATCHABLE_FIELDS[type as keyof typeof PATCHABLE_FIELDS] : [];
    expect(allowed.length).toBeGreaterThan(0);
    const plan = planned.value;
    expect(plan.score === undefined).toBe(patch.score === undefined);
    expect(plan.isCorrect).toBe(patch.score_details?.is_correct);
    expect(plan.totalsChange).toBe(plan.score !== undefined || plan.isCorrect !== undefined || plan.attemptData !== undefined);
    if (plan.score !== undefined) expect(Math.round(plan.score * 10) / 10).toBe(plan.score);
    if (plan.transcription !== undefined) expect(plan.transcription).toBe(plan.transcription === null ? null : plan.transcription.trim());
    // The original is the stored one's first, else what the machine had decided.
    expect(plan.original).toEqual(attempt.correctionOriginal === null ? originalValues(attempt) : originalOf(attempt.correctionOriginal));
  });

  test.prop([gameType, storedArb, patchArb])("is pure: the same question has the same answer and the stored attempt is not changed", (type, attempt, patch) => {
    const before = structuredClone(attempt);
    expect(planCorrection(type, attempt, patch)).toEqual(planCorrection(type, attempt, patch));
    expect(attempt).toEqual(before);
  });
});

describe("originalOf", () => {
  test.prop([fc.dictionary(fc.constantFrom("score", "is_correct", "transcription", "correct_words", "wrong_words", "x"), fc.anything())])(
    "reads any stored value defensively: a value of the wrong type reads null",
    (value) => {
      const original = originalOf(value);
      expect(original.score === null || Number.isFinite(original.score)).toBe(true);
      expect(original.is_correct === null || typeof original.is_correct === "boolean").toBe(true);
      expect(original.transcription === null || typeof original.transcription === "string").toBe(true);
      for (const list of [original.correct_words, original.wrong_words]) expect(list === null || list.every((item) => typeof item === "string")).toBe(true);
    },
  );
});
