import { type Difficulty, type LevelOffer, offeredLevels } from "../shared/games/difficulty.ts";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";

/** The limits a game's content file sets for one difficulty (spec section 3, "file configuration"). */
export type FileConfiguration = {
  readonly max_challenges: number;
  readonly max_amount_trials: number;
  readonly max_repetitions_per_day: number;
  readonly min_repetitions_per_day: number;
  readonly unlimited: boolean;
};

/** A complete assignment form as it is saved or assigned: every number filled in. */
export type CompleteForm = {
  readonly difficulty: Difficulty;
  readonly amount_challenges: number;
  readonly amount_trials: number;
  readonly min_repetitions_per_day: number;
  readonly max_repetitions_per_day: number;
  readonly unlimited: boolean;
};

/** A form's numbers as the assign and template forms hold them: each may still be empty (null). */
export type FormNumbers = {
  readonly amountChallenges: number | null;
  readonly amountTrials: number | null;
  readonly minRepetitionsPerDay: number | null;
  readonly maxRepetitionsPerDay: number | null;
  readonly unlimited: boolean;
};
type NumberField = Exclude<keyof FormNumbers, "unlimited">;
/** A field of a form, in the order the form shows them. */
export type BoundedField = keyof FormNumbers;

/** The same fields as the API names them (`games.N.forms.M.<name>`). */
export const WIRE_FORM_FIELD: Readonly<Record<BoundedField, keyof CompleteForm>> = {
  amountChallenges: "amount_challenges",
  amountTrials: "amount_trials",
  minRepetitionsPerDay: "min_repetitions_per_day",
  maxRepetitionsPerDay: "max_repetitions_per_day",
  unlimited: "unlimited",
};

/** A complete form's numbers under the form's field names. */
export const numbersOfForm = (form: CompleteForm): FormNumbers => ({
  amountChallenges: form.amount_challenges,
  amountTrials: form.amount_trials,
  minRepetitionsPerDay: form.min_repetitions_per_day,
  maxRepetitionsPerDay: form.max_repetitions_per_day,
  unlimited: form.unlimited,
});

/** Where a field is outside its bounds: out of the file's range, a maximum below the form's own minimum, or unlimited play the file refuses. */
export type OutOfBounds = { readonly field: BoundedField; readonly why: "range" | "below_minimum" | "unlimited" };

export type FormBoundsCheck = {
  /** The range the content file allows for each number (the forms write them beside the fields). */
  readonly bounds: Readonly<Record<NumberField, { readonly min: number; readonly max: number }>>;
  /** The fields outside their bounds, in the form's order (empty numbers are not judged here). */
  readonly outside: ReadonlyArray<OutOfBounds>;
};

/**
 * The one rule of a form against its level's content file (the assign page, the templates page
 * and the server all read it): at least one challenge and one trial and no more than the file
 * holds; daily repetitions between the file's minimum and maximum, the form's maximum not below
 * its minimum; unlimited play only where the file allows it.
 */
export const checkFormBounds = (form: FormNumbers, limits: FileConfiguration): FormBoundsCheck => {
  const bounds = {
    amountChallenges: { min: 1, max: limits.max_challenges },
    amountTrials: { min: 1, max: limits.max_amount_trials },
    minRepetitionsPerDay: { min: limits.min_repetitions_per_day, max: limits.max_repetitions_per_day },
    maxRepetitionsPerDay: { min: limits.min_repetitions_per_day, max: limits.max_repetitions_per_day },
  };
  const outside: OutOfBounds[] = [];
  for (const field of ["amountChallenges", "amountTrials", "minRepetitionsPerDay", "maxRepetitionsPerDay"] as const) {
    const value = form[field];
    if (value === null) continue;
    if (value < bounds[field].min || value > bounds[field].max) outside.push({ field, why: "range" });
    else if (field === "maxRepetitionsPerDay" && form.minRepetitionsPerDay !== null && value < form.minRepetitionsPerDay) outside.push({ field, why: "below_minimum" });
  }
  if (form.unlimited && !limits.unlimited) outside.push({ field: "unlimited", why: "unlimited" });
  return { bounds, outside };
};

/**
 * The forms of one game: each at a level the game offers (ERROR_052), no level twice (ERROR_031
 * "The difficulty already exists"). The failure's field is `<index>.difficulty`.
 */
export const checkFormLevels = (game: LevelOffer, forms: ReadonlyArray<Pick<CompleteForm, "difficulty">>): Result<true> => {
  const offered = offeredLevels(game);
  const seen = new Set<Difficulty>();
  for (const [index, form] of forms.entries()) {
    const field = `${index}.difficulty`;
    if (!offered.includes(form.difficulty)) return fail("ERROR_052", catalogueMessage("ERROR_052"), { field });
    if (seen.has(form.difficulty)) return fail("ERROR_031", catalogueMessage("ERROR_031", { field_name: "difficulty" }), { field, placeholders: { field_name: "difficulty" } });
    seen.add(form.difficulty);
  }
  return succeed(true);
};
