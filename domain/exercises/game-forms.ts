import { type Difficulty, type LevelOffer, offeredLevels } from "../shared/games/difficulty.ts";
import { parseNumberInput } from "../shared/validators/number-input.ts";

/** One assignment form of a game: the level and the dose of practice prescribed at that level. */
export type ExerciseForm = {
  readonly formId: number;
  readonly difficulty: Difficulty;
  readonly amountChallenges: number | null;
  readonly amountTrials: number | null;
  readonly minRepetitionsPerDay: number | null;
  readonly maxRepetitionsPerDay: number | null;
  readonly unlimited: boolean;
};

export type FormSettings = Omit<ExerciseForm, "formId" | "difficulty">;

/** The doses of a form that the clinician types as numbers. */
export const FORM_NUMBER_FIELDS = ["amountChallenges", "amountTrials", "minRepetitionsPerDay", "maxRepetitionsPerDay"] as const;
export type FormNumberField = (typeof FORM_NUMBER_FIELDS)[number];

/** A typed dose is kept as a number only when the text is a plain non-negative number; empty or anything else is null, never NaN. */
export const typedDose = (field: FormNumberField, text: string): Partial<Record<FormNumberField, number | null>> => ({
  [field]: parseNumberInput(text),
});

/** Levels a game offers that no form of it uses yet. */
export const freeLevels = (game: LevelOffer, forms: ReadonlyArray<ExerciseForm>): readonly Difficulty[] =>
  offeredLevels(game).filter((level) => !forms.some((form) => form.difficulty === level));

/** A form may pick any level the game offers except levels already prescribed by the game's other forms. */
export const difficultyChoices = (
  game: LevelOffer,
  forms: ReadonlyArray<ExerciseForm>,
  formId: number,
): readonly Difficulty[] =>
  freeLevels(
    game,
    forms.filter((form) => form.formId !== formId),
  );

/** Another form may be added only while the game still offers a level no form uses. */
export const canAddForm = (game: LevelOffer, forms: ReadonlyArray<ExerciseForm>): boolean =>
  freeLevels(game, forms).length > 0;

/** A new form starts at the easiest free level with its doses left for the clinician to fill in; none when every level is used. */
export const newForm = (game: LevelOffer, forms: ReadonlyArray<ExerciseForm>): ExerciseForm | undefined => {
  const [difficulty] = freeLevels(game, forms);
  if (difficulty === undefined) return undefined;
  // Form ids only need to be unique within one game, so the next integer is enough and stays deterministic.
  const formId = forms.reduce((highest, form) => Math.max(highest, form.formId), 0) + 1;
  return {
    formId,
    difficulty,
    amountChallenges: null,
    amountTrials: null,
    minRepetitionsPerDay: null,
    maxRepetitionsPerDay: null,
    unlimited: false,
  };
};
