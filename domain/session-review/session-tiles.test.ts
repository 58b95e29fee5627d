import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { NOT_AVAILABLE } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import { AVERAGE_UNIT, AVERAGE_UNIT_BY_GAME, type SessionStatistics } from "./attempt-mapping/session-statistics.ts";
import { sessionTiles } from "./session-tiles.ts";

const figure = fc.option(fc.double({ min: -1e5, max: 1e5, noNaN: true, noDefaultInfinity: true }), { nil: null });
const statisticsArb: fc.Arbitrary<SessionStatistics> = fc.record({
  score: figure,
  scoreChangePercent: figure,
  accuracyPercent: figure,
  accuracyChangePercent: figure,
  timeSpentSeconds: fc.option(fc.double({ min: 0, max: 1e5, noNaN: true }), { nil: null }),
  timeSpentChangePercent: figure,
  averageSeconds: fc.option(fc.double({ min: 0, max: 1e4, noNaN: true }), { nil: null }),
  averageSecondsChangePercent: figure,
  averageUnit: fc.constantFrom(...Object.values(AVERAGE_UNIT)),
  wordsCount: figure,
  successRatePercent: figure,
});

describe("sessionTiles", () => {
  test.prop([statisticsArb, fc.constantFrom(...DIFFICULTY_ORDER)])("always shows score, time, accuracy and level played first, in that order", (statistics, difficulty) => {
    const tiles = sessionTiles(statistics, difficulty);
    expect(tiles.slice(0, 4).map((tile) => tile.label)).toEqual(["Score", "Time", "Accuracy", "Level played"]);
    expect(tiles[0]?.value).toBe(statistics.score === null ? NOT_AVAILABLE : `${roundToOneDecimal(statistics.score)} points`);
    expect(tiles[0]?.detail?.text).toMatch(/on the previous session$|^Not available$/);
  });

  test.prop([statisticsArb, fc.constantFrom(...DIFFICULTY_ORDER)])("words said and success rate appear exactly when the game reports them", (statistics, difficulty) => {
    const labels = sessionTiles(statistics, difficulty).map((tile) => tile.label);
    expect(labels.includes("Words said")).toBe(statistics.wordsCount !== null);
    expect(labels.includes("Success rate")).toBe(statistics.successRatePercent !== null);
    expect(labels).toContain(`Average time per ${statistics.averageUnit}`);
  });

  test.prop([statisticsArb, fc.constantFrom(...GAME_TYPES), fc.constantFrom(...DIFFICULTY_ORDER)])(
    "the average time is per the game's own content: images only where images are named",
    (statistics, game, difficulty) => {
      const labels = sessionTiles({ ...statistics, averageUnit: AVERAGE_UNIT_BY_GAME[game] }, difficulty).map((tile) => tile.label);
      expect(labels.includes("Average time per image")).toBe(game === "naming");
    },
  );

  test.each([
    ["chitchat_ai", "Average time per reply"],
    ["parrot", "Average time per repetition"],
    ["verbal_fluency", "Average time per word"],
    ["memory_grid", "Average time per pattern"],
    ["pill_sorting", "Average time per prescription"],
    ["social_situations", "Average time per situation"],
  ] as const)("%s reads %s", (game, label) => {
    expect(AVERAGE_UNIT_BY_GAME[game]).toBe(label.replace("Average time per ", ""));
  });
});
