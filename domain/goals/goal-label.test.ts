import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { nextLongTermLabel, nextShortTermLabel, shortTermLetters } from "./goal-label.ts";

describe("goal labels", () => {
  it("numbers long-term goals past the highest given, never reusing one", () => {
    expect(nextLongTermLabel([])).toBe("LTG-1");
    expect(nextLongTermLabel(["LTG-1", "LTG-3", "STG-7a"])).toBe("LTG-4");
  });

  it("letters short-term goals under their long-term goal", () => {
    expect(nextShortTermLabel("LTG-1", [])).toBe("STG-1a");
    expect(nextShortTermLabel("LTG-1", ["STG-1a", "STG-1b", "STG-2c"])).toBe("STG-1c");
    expect(nextShortTermLabel("LTG-2", ["STG-1a", "STG-2z"])).toBe("STG-2aa");
    expect(nextShortTermLabel("STG-1a", [])).toBeNull();
  });

  test.prop([fc.integer({ min: 1, max: 2000 })], { numRuns: fuzzRuns(100) })("each ordinal has its own letters, and the next one follows", (ordinal) => {
    const labels = Array.from({ length: Math.min(ordinal, 60) }, (_, index) => `STG-5${shortTermLetters(ordinal - index)}`);
    expect(nextShortTermLabel("LTG-5", labels)).toBe(`STG-5${shortTermLetters(ordinal + 1)}`);
    expect(shortTermLetters(ordinal)).not.toBe(shortTermLetters(ordinal + 1));
  });
});
