import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { NOT_AVAILABLE } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { AVERAGE_UNIT, type SessionStatistics } from "./attempt-mapping/session-statistics.ts";
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
  averageUnit: fc.constantFrom(AVERAGE_UNIT.image, AVERAGE_UNIT.word),
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
    expect(labels).toContain(statistics.averageUnit === AVERAGE_UNIT.word ? "Average time per word" : "Average time per image");
  });
});
