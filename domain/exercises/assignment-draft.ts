import { catalogueMessage } from "../shared/error-catalogue.ts";
import type { Difficulty } from "../shared/games/difficulty.ts";
import type { GameId } from "../shared/ids.ts";
import type { ExerciseForm, FormNumberField } from "./game-forms.ts";
import type { GameSelection } from "./game-selection.ts";
import { type CompleteForm, checkFormBounds, type FileConfiguration } from "./form-limits.ts";

/** The games with their complete forms, as POST assignments/ and the templates calls take them. */
export type GameForms = { readonly game: GameId; readonly forms: ReadonlyArray<CompleteForm> };

/** Where a problem of the assignment form sits: one field of one form of one game. */
export type FormFieldKey = `${number}:${number}:${FormNumberField | "unlimited"}`;
export const formFieldKey = (gameId: GameId, formId: number, field: FormNumberField | "unlimited"): FormFieldKey => `${gameId}:${formId}:${field}`;

export type AssignmentDraftOutcome =
  | { readonly ok: true; readonly games: ReadonlyArray<GameForms> }
  | { readonly ok: false; readonly errors: Readonly<Partial<Record<FormFieldKey, string>>> };

const FIELD_NAMES: Readonly<Record<FormNumberField, string>> = {
  amountChallenges: "number of challenges",
  amountTrials: "number of trials",
  minRepetitionsPerDay: "minimum repetitions per day",
  maxRepetitionsPerDay: "maximum repetitions per day",
};

const NUMBER_FIELDS: readonly FormNumberField[] = ["amountChallenges", "amountTrials", "minRepetitionsPerDay", "maxRepetitionsPerDay"];

/**
 * The selection becomes the games and complete forms to send, or says what to fix where: a number
 * left empty is required (ERROR_003), a number outside what the level's content file allows says
 * the range, the minimum repetitions may not exceed the maximum, and unlimited play only where the
 * file allows it. The server checks the same limits (server/features/exercises/check-game-forms.ts).
 */
export const assignmentDraft = (
  selection: GameSelection,
  limitsOf: (gameId: GameId, difficulty: Difficulty) => FileConfiguration | undefined,
): AssignmentDraftOutcome => {
  const errors: Partial<Record<FormFieldKey, string>> = {};
  const games = selection.games.map((entry) => ({
    game: entry.gameId,
    forms: entry.forms.flatMap((form: ExerciseForm): CompleteForm[] => {
      const limits = limitsOf(entry.gameId, form.difficulty);
      const checked = limits === undefined ? undefined : checkFormBounds(form, limits);
      for (const field of NUMBER_FIELDS) {
        const value = form[field];
        const key = formFieldKey(entry.gameId, form.formId, field);
        if (value === null) errors[key] = catalogueMessage("ERROR_003", { field_name: FIELD_NAMES[field] });
        else if (!Number.isInteger(value)) errors[key] = `The ${FIELD_NAMES[field]} must be a whole number`;
      }
      for (const { field, why } of checked?.outside ?? []) {
        const key = formFieldKey(entry.gameId, form.formId, field);
        if (errors[key] !== undefined || checked === undefined) continue;
        if (field === "unlimited") errors[key] = "This level does not allow unlimited play";
        else if (why === "below_minimum") errors[key] = "The maximum repetitions per day must not be below the minimum";
        else errors[key] = `The ${FIELD_NAMES[field]} must be between ${checked.bounds[field].min} and ${checked.bounds[field].max}`;
      }
      const { minRepetitionsPerDay: min, maxRepetitionsPerDay: max } = form;
      const maxKey = formFieldKey(entry.gameId, form.formId, "maxRepetitionsPerDay");
      // Without the level's limits (not loaded yet) the order of the two repetitions is still known.
      if (limits === undefined && min !== null && max !== null && min > max && errors[maxKey] === undefined) errors[maxKey] = "The maximum repetitions per day must not be below the minimum";
      if (form.amountChallenges === null || form.amountTrials === null || min === null || max === null) return [];
      return [
        {
          difficulty: form.difficulty,
          amount_challenges: form.amountChallenges,
          amount_trials: form.amountTrials,
          min_repetitions_per_day: min,
          max_repetitions_per_day: max,
          unlimited: form.unlimited,
        },
      ];
    }),
  }));
  return Object.keys(errors).length === 0 ? { ok: true, games } : { ok: false, errors };
};
