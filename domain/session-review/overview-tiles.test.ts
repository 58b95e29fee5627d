import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { GameId, GameSessionId } from "../shared/ids.ts";
import { toGameStatistics } from "./game-statistics-wire.ts";
import { FIGURE_PENDING, NO_SESSION_YET, overviewTiles, pendingOverviewTiles } from "./overview-tiles.ts";

const statistics = toGameStatistics({
  last_session_start_time: "2026-03-05T09:30:00",
  time_this_week_seconds: 754.26,
  total_time_seconds: 5400,
  game_details: { id: GameId.make(3), name: "Naming" },
  percentage_change_this_week: 12.46,
});
const latest = {
  id: GameSessionId.make(9),
  start_time: "2026-03-05T09:30:00",
  duration: 120,
  current_level: "medium" as const,
  assigned_at: null,
  accuracy_percentage: 66.66,
  reviewed: false,
  total_score: 3.04,
};
const shown = (tiles: ReturnType<typeof overviewTiles>) => tiles.map((tile) => [tile.label, tile.value, tile.detail?.text ?? null, tile.detail?.trend ?? null]);

describe("the exercise overview's tiles", () => {
  test("show the rounded figures, the week's change in words and the level played", () => {
    expect(shown(overviewTiles({ statistics, difficulty: "medium", latest }))).toEqual([
      ["Time this week", "12 minutes 34.3 seconds", "Up 12.5% on last week", "up"],
      ["Total time", "1 hour 30 minutes", null, null],
      ["Last session", "03/05/2026 9:30 AM", null, null],
      ["Level played", "Medium level", null, null],
      ["Latest score", "3 points", null, null],
      ["Latest accuracy", "66.7%", "Session of 03/05/2026 9:30 AM", null],
    ]);
  });

  test("a level never played says so, with nothing made up", () => {
    const never = { ...statistics, lastSessionStartTime: null, timeThisWeekSeconds: 0, totalTimeSeconds: 0, percentageChangeThisWeek: null };
    expect(shown(overviewTiles({ statistics: never, difficulty: null, latest: null }))).toEqual([
      ["Time this week", "0 seconds", "Not available", "none"],
      ["Total time", "0 seconds", null, null],
      ["Last session", NO_SESSION_YET, null, null],
      ["Level played", "Not available", null, null],
      ["Latest score", "Not available", null, null],
      ["Latest accuracy", "Not available", null, null],
    ]);
  });

  test.prop([fc.option(fc.double({ noNaN: true, min: -1e4, max: 1e4 }), { nil: null })])("the week tile's arrow never contradicts its words", (change) => {
    const [week] = overviewTiles({ statistics: { ...statistics, percentageChangeThisWeek: change }, difficulty: "easy", latest });
    const expected = week?.detail?.text.startsWith("Up") ? "up" : week?.detail?.text.startsWith("Down") ? "down" : "none";
    expect(week?.detail?.trend).toBe(expected);
  });
});

describe("the overview's tiles while their figures load", () => {
  it("are the loaded tiles' keys and labels with every value pending, and keep the place of the lines below week and accuracy", () => {
    const pending = pendingOverviewTiles();
    const loaded = overviewTiles({ statistics, difficulty: "easy", latest });
    expect(pending.map((tile) => [tile.key, tile.label])).toEqual(loaded.map((tile) => [tile.key, tile.label]));
    expect(pending.every((tile) => tile.value === FIGURE_PENDING)).toBe(true);
    expect(pending.filter((tile) => tile.detail !== undefined).map((tile) => tile.key)).toEqual(["week", "accuracy"]);
  });
});
