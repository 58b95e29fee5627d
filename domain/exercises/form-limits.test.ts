import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { type CompleteForm, type FileConfiguration, WIRE_FORM_FIELD, checkFormBounds, checkFormLevels, numbersOfForm } from "./form-limits.ts";

/** The first field out of bounds, as the API names it; none when the form fits. */
const firstOutside = (form: CompleteForm, file: FileConfiguration) => {
  const [outside] = checkFormBounds(numbersOfForm(form), file).outside;
  return outside === undefined ? undefined : WIRE_FORM_FIELD[outside.field];
};

const limits: FileConfiguration = { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: false };
const good: CompleteForm = { difficulty: "easy", amount_challenges: 5, amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 3, unlimited: false };

describe("checkFormBounds", () => {
  it("accepts a form at every bound", () => {
    expect(checkFormBounds(numbersOfForm(good), limits)).toEqual({ bounds: { amountChallenges: { min: 1, max: 5 }, amountTrials: { min: 1, max: 3 }, minRepetitionsPerDay: { min: 1, max: 3 }, maxRepetitionsPerDay: { min: 1, max: 3 } }, outside: [] });
    expect(firstOutside({ ...good, amount_challenges: 1, amount_trials: 1, max_repetitions_per_day: 1 }, limits)).toBeUndefined();
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
    expect(firstOutside({ ...good, ...change }, limits)).toBe(field);
  });

  it("allows unlimited play where the file does", () => {
    expect(firstOutside({ ...good, unlimited: true }, { ...limits, unlimited: true })).toBeUndefined();
  });

  const count = fc.integer({ min: 0, max: 12 });
  test.prop([count, count, count, count, fc.boolean(), count, count, count, count, fc.boolean()])(
    "passes exactly when every number is inside the file's bounds",
    (challenges, trials, minimum, maximum, unlimited, maxChallenges, maxTrials, fileMin, fileMax, fileUnlimited) => {
      const form = { difficulty: "easy" as const, amount_challenges: challenges, amount_trials: trials, min_repetitions_per_day: minimum, max_repetitions_per_day: maximum, unlimited };
      const file = { max_challenges: maxChallenges, max_amount_trials: maxTrials, min_repetitions_per_day: fileMin, max_repetitions_per_day: fileMax, unlimited: fileUnlimited };
      const within =
        challenges >= 1 && challenges <= maxChallenges && trials >= 1 && trials <= maxTrials && minimum >= fileMin && minimum <= maximum && maximum <= fileMax && (!unlimited || fileUnlimited);
      expect(firstOutside(form, file) === undefined).toBe(within);
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
