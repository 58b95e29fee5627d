import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { DIFFICULTY_ORDER, isDifficulty, offeredLevels } from "./difficulty.ts";

describe("offeredLevels", () => {
  test("a game without a list offers all three levels", () => {
    expect(offeredLevels({})).toEqual(["easy", "medium", "hard"]);
    expect(offeredLevels({ levelsAvailable: [] })).toEqual(["easy", "medium", "hard"]);
    expect(offeredLevels({ levelsAvailable: null })).toEqual(["easy", "medium", "hard"]);
  });

  test("listed levels come back easiest first and once each", () => {
    expect(offeredLevels({ levelsAvailable: ["hard", "easy", "hard"] })).toEqual(["easy", "hard"]);
  });

  test.prop([fc.array(fc.constantFrom(...DIFFICULTY_ORDER))])("offered levels are always a non-empty subset of the three", (levels) => {
    const offered = offeredLevels({ levelsAvailable: levels });
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((level) => levels.length === 0 || levels.includes(level))).toBe(true);
  });
});

describe("isDifficulty", () => {
  test("only the three level names are difficulties", () => {
    expect(isDifficulty("medium")).toBe(true);
    expect(isDifficulty("Medium")).toBe(false);
    expect(isDifficulty(2)).toBe(false);
  });
});
