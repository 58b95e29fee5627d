import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { checkRatingDraft, emptyRatingDraft, RATING_MESSAGES, ratingBodyProblem } from "./rating-check.ts";
import { LEVEL_LABELS, RATING_LEVELS, RATING_OCCASIONS, RATING_SCALES } from "./rating-scales.ts";

const RUNS = { numRuns: fuzzRuns(100) };
const NOW = new Date("2026-03-02T03:00:00Z"); // still 1 March in New York
const ZONE = "America/New_York";
const levelsArb = fc.record(Object.fromEntries(RATING_SCALES.map((scale) => [scale, fc.constantFrom("", "1", "4", "7")])) as Record<(typeof RATING_SCALES)[number], fc.Arbitrary<string>>);
const pastDayArb = fc.integer({ min: 1, max: 28 }).map((day) => `2026-02-${String(day).padStart(2, "0")}`);

describe("checkRatingDraft", () => {
  test.prop([fc.constantFrom(...RATING_OCCASIONS), pastDayArb, levelsArb], RUNS)("takes an occasion, a day up to today and the scales rated, and sends exactly those levels", (occasion, ratedOn, levels) => {
    const result = checkRatingDraft({ occasion, ratedOn, ...levels }, NOW, ZONE);
    const rated = Object.entries(levels).filter(([, level]) => level !== "");
    if (rated.length === 0) {
      expect(result).toEqual({ ok: false, errors: { levels: RATING_MESSAGES.levels } });
      return;
    }
    expect(result).toEqual({ ok: true, value: { occasion, ratedOn, levels: Object.fromEntries(rated.map(([scale, level]) => [scale, Number(level)])) } });
  });

  it("refuses a day after today on the institution's calendar, and takes today there", () => {
    const draft = { ...emptyRatingDraft("2026-03-01"), occasion: "evaluation", memory: "3" };
    expect(checkRatingDraft(draft, NOW, ZONE).ok).toBe(true);
    expect(checkRatingDraft({ ...draft, ratedOn: "2026-03-02" }, NOW, ZONE)).toEqual({ ok: false, errors: { ratedOn: RATING_MESSAGES.ratedOnFuture } });
    expect(checkRatingDraft({ ...draft, ratedOn: "2026-02-30" }, NOW, ZONE)).toEqual({ ok: false, errors: { ratedOn: RATING_MESSAGES.ratedOnMissing } });
  });

  it("names each field to fix: no occasion, no day, no scale, a level out of range", () => {
    expect(checkRatingDraft({ ...emptyRatingDraft(""), reading: "9" }, NOW, ZONE)).toEqual({
      ok: false,
      errors: { occasion: RATING_MESSAGES.occasion, ratedOn: RATING_MESSAGES.ratedOnMissing, levels: RATING_MESSAGES.level },
    });
  });

  it("has a label of our own for each of the seven levels", () => {
    expect(RATING_LEVELS.map((level) => LEVEL_LABELS[level] === undefined)).toEqual(RATING_LEVELS.map(() => false));
  });
});

describe("ratingBodyProblem", () => {
  it("refuses a future day and a body with no scale, on their fields", () => {
    expect(ratingBodyProblem("2026-03-02", { memory: 3 }, "2026-03-01")).toEqual({ field: "rated_on", message: RATING_MESSAGES.ratedOnFuture });
    expect(ratingBodyProblem("2026-03-01", {}, "2026-03-01")).toEqual({ field: "levels", message: RATING_MESSAGES.levels });
    expect(ratingBodyProblem("2026-03-01", { memory: 3 }, "2026-03-01")).toBeNull();
  });
});
