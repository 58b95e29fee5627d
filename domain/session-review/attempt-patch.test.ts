import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { splitWordList } from "./attempt-edit-validation.ts";
import { AttemptPatchWire, isValidAttemptScore, toAttemptPatch } from "./attempt-patch.ts";
import { GAME_TYPES } from "../shared/games/game-type.ts";

describe("toAttemptPatch", () => {
  test("score and result become score and score_details.is_correct", () => {
    expect(toAttemptPatch("naming", { score: 0.7, result: "correct" })).toEqual({
      ok: true,
      value: { score: 0.7, score_details: { is_correct: true } },
    });
  });

  test("an incorrect result is sent as false", () => {
    expect(toAttemptPatch("memory_grid", { result: "incorrect" })).toEqual({ ok: true, value: { score_details: { is_correct: false } } });
  });

  test("social situations also send the corrected transcription, trimmed", () => {
    expect(toAttemptPatch("social_situations", { score: 1, result: "correct", transcription: "  Hello there  " })).toEqual({
      ok: true,
      value: { score: 1, score_details: { is_correct: true, transcription: "Hello there" } },
    });
  });

  test("verbal fluency word lists are split, trimmed and blanks dropped", () => {
    expect(toAttemptPatch("verbal_fluency", { words: " cat, dog ,, horse ", wrongWords: "" })).toEqual({
      ok: true,
      value: { attempt_data: { spoken_words: { correct_words: ["cat", "dog", "horse"], wrong_words: [] } } },
    });
  });

  test("parrot and AI chit-chat never send a score", () => {
    expect(toAttemptPatch("parrot", { score: 0.5, result: "incorrect" })).toEqual({ ok: true, value: { score_details: { is_correct: false } } });
    expect(toAttemptPatch("chitchat_ai", { score: 0.5 })).toEqual({ ok: true, value: {} });
  });

  test("fields another game owns are left out", () => {
    expect(toAttemptPatch("naming", { transcription: "x", words: "a, b" })).toEqual({ ok: true, value: {} });
  });

  test.each([1.1, -0.1, 0.35, Number.NaN])("a score of %d is refused", (score) => {
    expect(toAttemptPatch("naming", { score })).toEqual({ ok: false, code: "ERROR_056", message: "The field is not valid", field: "score" });
  });

  test("a binary fraction of a tenth is accepted and sent clean", () => {
    expect(toAttemptPatch("naming", { score: 0.1 + 0.2 })).toEqual({ ok: true, value: { score: 0.3 } });
  });

  test("an unknown game type is unsupported", () => {
    expect(toAttemptPatch("chess", { score: 1 })).toEqual({ ok: false, code: "ERROR_001", message: "Unsupported game type" });
  });

  const tenth = fc.integer({ min: 0, max: 10 }).map((n) => n / 10);
  const edit = fc.record(
    {
      score: fc.option(tenth, { nil: null }),
      result: fc.option(fc.constantFrom("correct" as const, "incorrect" as const), { nil: null }),
      transcription: fc.option(fc.string(), { nil: null }),
      words: fc.option(fc.string(), { nil: null }),
      wrongWords: fc.option(fc.string(), { nil: null }),
    },
    { requiredKeys: [] },
  );

  test.prop([fc.constantFrom(...GAME_TYPES), edit])("every patch built from a valid edit passes the PATCH schema", (type, attemptEdit) => {
    const result = toAttemptPatch(type, attemptEdit);
    if (!result.ok) throw new Error(result.message);
    expect(Schema.decodeUnknownSync(AttemptPatchWire)(result.value)).toEqual(result.value);
  });

  test.prop([fc.string()])("split word lists hold no blank or padded word", (text) => {
    for (const word of splitWordList(text)) {
      expect(word).toBe(word.trim());
      expect(word).not.toBe("");
      expect(word).not.toContain(",");
    }
  });
});

describe("AttemptPatchWire", () => {
  test("rejects a score outside 0 to 1 or off the tenths", () => {
    const decode = Schema.decodeUnknownResult(AttemptPatchWire);
    expect(decode({ score: 1.5 })._tag).toBe("Failure");
    expect(decode({ score: 0.25 })._tag).toBe("Failure");
    expect(decode({ score: "1" })._tag).toBe("Failure");
    expect(decode({ score_details: { is_correct: "yes" } })._tag).toBe("Failure");
    expect(decode({ attempt_data: { spoken_words: { correct_words: "cat" } } })._tag).toBe("Failure");
    expect(decode({ score: 0.4, score_details: { is_correct: false } })._tag).toBe("Success");
  });

  test.prop([fc.double({ noNaN: true })])("a score is valid exactly when it is 0 to 1 in tenths (float noise under 1e-9 allowed)", (score) => {
    const step = Math.round(score * 10);
    expect(isValidAttemptScore(score)).toBe(step >= 0 && step <= 10 && Math.abs(score - step / 10) < 1e-9);
  });
});
