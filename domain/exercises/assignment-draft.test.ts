import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { GameId } from "../shared/ids.ts";
import { assignmentDraft, formFieldKey } from "./assignment-draft.ts";
import { checkFormBounds, type FileConfiguration, numbersOfForm } from "./form-limits.ts";
import type { GameSelection } from "./game-selection.ts";

const limits: FileConfiguration = { max_challenges: 10, max_amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 5, unlimited: false };
const dose = fc.option(fc.integer({ min: -2, max: 12 }), { nil: null });
const formArb = fc.record({
  difficulty: fc.constantFrom(...DIFFICULTY_ORDER),
  amountChallenges: dose,
  amountTrials: dose,
  minRepetitionsPerDay: dose,
  maxRepetitionsPerDay: dose,
  unlimited: fc.boolean(),
});
const selectionArb: fc.Arbitrary<GameSelection> = fc
  .uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 })
  .chain((ids) =>
    fc.tuple(...ids.map((id) => fc.uniqueArray(formArb, { minLength: 1, maxLength: 3, selector: (form) => form.difficulty }).map((forms) => ({ gameId: GameId.make(id), forms: forms.map((form, index) => ({ ...form, formId: index + 1 })) })))),
  )
  .map((games) => ({ games, individualPatientId: null }));

describe("assignmentDraft", () => {
  test.prop([selectionArb])("sends forms exactly when every form is complete and within its level's limits, and what it sends passes the server's rule", (selection) => {
    const outcome = assignmentDraft(selection, () => limits);
    const everyFormFits = selection.games.every((game) =>
      game.forms.every((form) => {
        const { amountChallenges: c, amountTrials: t, minRepetitionsPerDay: min, maxRepetitionsPerDay: max } = form;
        return c !== null && t !== null && min !== null && max !== null &&
          checkFormBounds(form, limits).outside.length === 0;
      }),
    );
    expect(outcome.ok).toBe(everyFormFits);
    if (outcome.ok) {
      expect(outcome.games.map((game) => game.forms.length)).toEqual(selection.games.map((game) => game.forms.length));
      for (const game of outcome.games) for (const form of game.forms) expect(checkFormBounds(numbersOfForm(form), limits).outside).toEqual([]);
    }
  });

  test("names the field to fix, with the range the level allows", () => {
    const game = GameId.make(3);
    const selection: GameSelection = {
      games: [{ gameId: game, forms: [{ formId: 1, difficulty: "easy", amountChallenges: null, amountTrials: 4, minRepetitionsPerDay: 3, maxRepetitionsPerDay: 2, unlimited: true }] }],
      individualPatientId: null,
    };
    const outcome = assignmentDraft(selection, () => limits);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors[formFieldKey(game, 1, "amountChallenges")]).toBe("The number of challenges is required");
    expect(outcome.errors[formFieldKey(game, 1, "amountTrials")]).toBe("The number of trials must be between 1 and 3");
    expect(outcome.errors[formFieldKey(game, 1, "maxRepetitionsPerDay")]).toBe("The maximum repetitions per day must not be below the minimum");
    expect(outcome.errors[formFieldKey(game, 1, "unlimited")]).toBe("This level does not allow unlimited play");
  });
});
