import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { correctionInWords } from "./correction-in-words.ts";

describe("correctionInWords", () => {
  it("names the attempt and what it now holds", () => {
    expect(correctionInWords("challenge 1, attempt 2", { score: 0.5, is_correct: true })).toBe("Challenge 1, attempt 2: score 0.5, result correct.");
    expect(correctionInWords("challenge 3, attempt 1", { score: null, is_correct: false })).toBe("Challenge 3, attempt 1: result wrong.");
    expect(correctionInWords(null, { score: 0, is_correct: null })).toBe("Now score 0.");
    expect(correctionInWords("challenge 1, attempt 1", { score: null, is_correct: null })).toBe("Challenge 1, attempt 1: no score or result.");
  });

  test.prop([fc.option(fc.double({ min: 0, max: 1, noNaN: true })), fc.option(fc.boolean())])("says the score and the result whenever they are known", (score, isCorrect) => {
    const words = correctionInWords("challenge 1, attempt 1", { score, is_correct: isCorrect });
    expect(words.includes(`score ${score}`)).toBe(score !== null);
    expect(/result (correct|wrong)/.test(words)).toBe(isCorrect !== null);
  });
});
