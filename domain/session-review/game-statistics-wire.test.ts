import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { GameStatisticsWire, toGameStatistics, UNKNOWN_GAME_NAME } from "./game-statistics-wire.ts";

const decode = Schema.decodeUnknownSync(GameStatisticsWire);
const example = {
  last_session_start_time: "2024-05-08T17:30:00Z",
  time_this_week_seconds: 754.26,
  total_time_seconds: 5400,
  game_details: { id: 3, name: "Naming" },
  percentage_change_this_week: -12.345,
};

describe("game statistics for a level", () => {
  test("values are rounded to one decimal and the week's change gives the trend", () => {
    expect(toGameStatistics(decode(example))).toEqual({
      lastSessionStartTime: "2024-05-08T17:30:00Z",
      timeThisWeekSeconds: 754.3,
      totalTimeSeconds: 5400,
      game: { id: 3, name: "Naming" },
      percentageChangeThisWeek: -12.3,
      trend: "down",
    });
  });

  test("a game without a name reads 'Unknown'", () => {
    expect(toGameStatistics(decode({ ...example, game_details: { id: 3 } })).game.name).toBe(UNKNOWN_GAME_NAME);
    expect(toGameStatistics(decode({ ...example, game_details: { id: 3, name: null } })).game.name).toBe("Unknown");
    expect(toGameStatistics(decode({ ...example, game_details: { id: 3, name: "  " } })).game.name).toBe("Unknown");
  });

  test("a level never played has no last session and no trend", () => {
    const never = toGameStatistics(decode({ ...example, last_session_start_time: null, percentage_change_this_week: null, time_this_week_seconds: 0 }));
    expect(never).toMatchObject({ lastSessionStartTime: null, percentageChangeThisWeek: null, trend: "none", timeThisWeekSeconds: 0 });
  });

  test("rejects a textual time or a missing game", () => {
    expect(() => decode({ ...example, total_time_seconds: "5400" })).toThrow();
    expect(() => decode({ ...example, game_details: undefined })).toThrow();
  });

  test.prop([fc.double({ min: -1000, max: 1000, noNaN: true })])("the trend follows the sign of the week's change", (change) => {
    const { trend } = toGameStatistics(decode({ ...example, percentage_change_this_week: change }));
    expect(trend).toBe(change > 0 ? "up" : change < 0 ? "down" : "none");
  });
});
