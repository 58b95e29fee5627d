import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { RATING_SCALES, type RatingScale } from "./rating-scales.ts";
import { changeWords, type RatingFacts, scaleStandings } from "./rating-summary.ts";

const RUNS = { numRuns: fuzzRuns(100) };
const dayArb = fc.integer({ min: 1, max: 28 }).map((day) => `2026-03-${String(day).padStart(2, "0")}`);
const ratingsArb = fc
  .array(
    fc.record({
      scale: fc.constantFrom(...RATING_SCALES),
      level: fc.integer({ min: 1, max: 7 }),
      rated_on: dayArb,
      // Written on the day or a few days later (a rating entered late).
      writtenAfter: fc.integer({ min: 0, max: 5 * 86_400_000 }),
    }),
    { maxLength: 30 },
  )
  .map((rows) =>
    rows.map((row, index): RatingFacts => ({
      id: index + 1,
      scale: row.scale,
      level: row.level,
      rated_on: row.rated_on,
      recorded_at: new Date(Date.parse(`${row.rated_on}T09:00:00Z`) + row.writtenAfter).toISOString(),
    })),
  );

/** The reference: per scale, the days rated, each day's last written rating. */
const dayLevels = (ratings: readonly RatingFacts[], scale: RatingScale) => {
  const byDay = new Map<string, RatingFacts>();
  for (const rating of ratings.filter((one) => one.scale === scale)) {
    const held = byDay.get(rating.rated_on);
    if (held === undefined || Date.parse(rating.recorded_at) > Date.parse(held.recorded_at) || (rating.recorded_at === held.recorded_at && rating.id > held.id))
      byDay.set(rating.rated_on, rating);
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, rating]) => rating);
};

describe("scaleStandings", () => {
  test.prop([ratingsArb], RUNS)("gives every scale once, its latest day's last written level, and the change against the day before", (ratings) => {
    const standings = scaleStandings(ratings);
    expect(standings.map((standing) => standing.scale)).toEqual(RATING_SCALES);
    for (const standing of standings) {
      const days = dayLevels(ratings, standing.scale);
      expect(standing.latest).toEqual(days.at(-1) ?? null);
      expect(standing.previous).toEqual(days.at(-2) ?? null);
      const [before, after] = [days.at(-2), days.at(-1)];
      expect(standing.change).toBe(before === undefined || after === undefined ? null : after.level - before.level);
    }
  });

  test.prop([ratingsArb], RUNS)("the order ratings arrive in changes nothing", (ratings) => {
    expect(scaleStandings([...ratings].reverse())).toEqual(scaleStandings(ratings));
  });

  test.prop([ratingsArb], RUNS)("the words say the direction of the change, and never a number that is not one", (ratings) => {
    for (const standing of scaleStandings(ratings)) {
      const words = changeWords(standing);
      expect(words).not.toMatch(/NaN|undefined|null/);
      if (standing.change === null) expect(words).toMatch(/^(Nothing to compare|First rating)$/);
      else if (standing.change > 0) expect(words).toMatch(new RegExp(`^Up ${standing.change} levels? since `));
      else if (standing.change < 0) expect(words).toMatch(new RegExp(`^Down ${-standing.change} levels? since `));
      else expect(words).toMatch(/^No change since /);
    }
  });

  it("a correction on the same day replaces the day's level instead of counting as a change", () => {
    const rating = (id: number, level: number, day: string, at: string): RatingFacts => ({ id, scale: "memory", level, rated_on: day, recorded_at: at });
    const [memory] = scaleStandings([
      rating(1, 3, "2026-01-05", "2026-01-05T10:00:00Z"),
      rating(2, 5, "2026-02-05", "2026-02-05T10:00:00Z"),
      rating(3, 4, "2026-02-05", "2026-02-05T11:00:00Z"),
    ]).filter((standing) => standing.scale === "memory");
    expect(memory?.latest?.id).toBe(3);
    expect(memory?.previous?.id).toBe(1);
    expect(memory?.change).toBe(1);
    expect(memory === undefined ? "" : changeWords(memory)).toBe("Up 1 level since Jan 5, 2026");
  });
});
