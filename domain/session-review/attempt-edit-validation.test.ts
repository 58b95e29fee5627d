import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  ALLOWED_SCORES,
  attemptResultChoice,
  joinWordList,
  parseAttemptResult,
  splitWordList,
  validateAttemptScore,
  validatePatternText,
} from "./attempt-edit-validation.ts";

describe("validateAttemptScore", () => {
  it("allows exactly the eleven steps 0, 0.1, ..., 1", () => {
    expect(ALLOWED_SCORES).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  test.prop([fc.oneof(fc.double(), fc.double({ min: -1e-8, max: 1e-8 }), fc.constantFrom(0.1 + 0.2, 0.7 + 0.1, 1 - 1e-12))])("a score is valid exactly when it is one of the steps", (score) => {
    const result = validateAttemptScore(score);
    const nearest = ALLOWED_SCORES.find((step) => Math.abs(step - score) < 1e-9);
    expect(result.ok).toBe(nearest !== undefined);
    if (result.ok) expect(result.value).toBe(nearest);
  });

  test.prop([fc.constantFrom(...ALLOWED_SCORES)])("every step passes unchanged", (score) => {
    expect(validateAttemptScore(score)).toEqual({ ok: true, value: score });
  });

  it("snaps float noise to the step and refuses off-step or out-of-range scores", () => {
    expect(validateAttemptScore(0.1 + 0.2)).toEqual({ ok: true, value: 0.3 });
    for (const bad of [0.25, -0.1, 1.1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(validateAttemptScore(bad)).toMatchObject({ ok: false, code: "ERROR_056", message: "The score must be between 0 and 1 in steps of 0.1" });
    }
    expect(validateAttemptScore(null)).toMatchObject({ ok: false, code: "ERROR_003", message: "The score is required" });
  });
});

describe("validatePatternText", () => {
  test.prop([fc.string({ unit: "grapheme", maxLength: 1200 })])("passes exactly up to 1000 characters", (text) => {
    expect(validatePatternText(text).ok).toBe([...text].length <= 1000);
  });

  it("allows 1000 and refuses 1001 characters", () => {
    expect(validatePatternText("x".repeat(1000)).ok).toBe(true);
    expect(validatePatternText("x".repeat(1001))).toMatchObject({ ok: false, code: "ERROR_056", message: "The pattern must be at most 1000 characters" });
  });
});

describe("word lists", () => {
  it("splits, trims and drops blanks", () => {
    expect(splitWordList(" cat, dog ,, , bird ,")).toEqual(["cat", "dog", "bird"]);
    expect(splitWordList("")).toEqual([]);
  });

  test.prop([fc.string()])("never contains blanks or surrounding spaces, nor a comma", (text) => {
    for (const word of splitWordList(text)) {
      expect(word.length).toBeGreaterThan(0);
      expect(word).toBe(word.trim());
      expect(word).not.toContain(",");
    }
  });

  test.prop([fc.string()])("joining and splitting again gives the same words", (text) => {
    const words = splitWordList(text);
    expect(splitWordList(joinWordList(words))).toEqual(words);
  });
});

describe("attempt result select", () => {
  test.prop([fc.boolean()])("round-trips the is_correct flag", (isCorrect) => {
    expect(parseAttemptResult(attemptResultChoice(isCorrect))).toEqual({ ok: true, value: isCorrect });
  });

  it("refuses any other choice with ERROR_052", () => {
    expect(parseAttemptResult("maybe")).toMatchObject({ ok: false, code: "ERROR_052", message: "The choice is not valid" });
  });
});
