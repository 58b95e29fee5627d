import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { type CompleteForm, type FileConfiguration, checkFormLevels, checkFormLimits } from "./form-limits.ts";

const limits: FileConfiguration = { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: false };
const good: CompleteForm = { difficulty: "easy", amount_challenges: 5, amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 3, unlimited: false };

describe("checkFormLimits", () => {
  it("accepts a form at every bound", () => {
    expect(checkFormLimits(good, limits)).toEqual({ ok: true, value: good });
    expect(checkFormLimits({ ...good, amount_challenges: 1, amount_trials: 1, max_repetitions_per_day: 1 }, limits).ok).toBe(true);
  });

  it.each([
    ["amount_challenges", { amount_challenges: 6 }],
    ["amount_challenges", { amount_challenges: 0 }],
    ["amount_trials", { amount_trials: 4 }],
    ["min_repetitions_per_day", { min_repetitions_per_day: 0 }],
    ["max_repetitions_per_day", { max_repetitions_per_day: 4 }],
    ["max_repetitions_per_day", { min_repetitions_per_day: 3, max_repetitions_per_day: 2 }],
    ["unlimited", { unlimited: true }],
  ] as const)("names %s when it is out of bounds", (field, change) => {
    expect(checkFormLimits({ ...good, ...change }, limits)).toMatchObject({ ok: false, code: "ERROR_056", field });
  });

  it("allows unlimited play where the file does", () => {
    expect(checkFormLimits({ ...good, unlimited: true }, { ...limits, unlimited: true }).ok).toBe(true);
  });

  const count = fc.integer({ min: 0, max: 12 });
  test.prop([count, count, count, count, fc.boolean(), count, count, count, count, fc.boolean()])(
    "passes exactly when every number is inside the file's bounds",
    (challenges, trials, minimum, maximum, unlimited, maxChallenges, maxTrials, fileMin, fileMax, fileUnlimited) => {
      const form = { difficulty: "easy" as const, amount_challenges: challenges, amount_trials: trials, min_repetitions_per_day: minimum, max_repetitions_per_day: maximum, unlimited };
      const file = { max_challenges: maxChallenges, max_amount_trials: maxTrials, min_repetitions_per_day: fileMin, max_repetitions_per_day: fileMax, unlimited: fileUnlimited };
      const within =
        challenges >= 1 && challenges <= maxChallenges && trials >= 1 && trials <= maxTrials && minimum >= fileMin && minimum <= maximum && maximum <= fileMax && (!unlimited || fileUnlimited);
      expect(checkFormLimits(form, file).ok).toBe(within);
    },
  );
});

describe("checkFormLevels", () => {
  it("refuses a level the game does not offer and a level used twice", () => {
    expect(checkFormLevels({ levelsAvailable: ["easy"] }, [{ difficulty: "medium" }])).toMatchObject({ ok: false, code: "ERROR_052", field: "0.difficulty" });
    expect(checkFormLevels({}, [{ difficulty: "easy" }, { difficulty: "easy" }])).toMatchObject({
      ok: false,
      code: "ERROR_031",
      message: "The difficulty already exists",
      field: "1.difficulty",
    });
  });

  test.prop([fc.array(fc.constantFrom(...DIFFICULTY_ORDER), { maxLength: 4 })])("passes exactly when the levels are distinct", (levels) => {
    expect(checkFormLevels({}, levels.map((difficulty) => ({ difficulty }))).ok).toBe(new Set(levels).size === levels.length);
  });
});
