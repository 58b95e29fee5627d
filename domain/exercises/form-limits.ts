import { type Difficulty, type LevelOffer, offeredLevels } from "../shared/games/difficulty.ts";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, type Failure, succeed, type Result } from "../shared/result.ts";

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

const invalid = (field: string): Failure => fail("ERROR_056", catalogueMessage("ERROR_056"), { field });

/**
 * A form prescribes at least one challenge and one trial and no more than the content file
 * holds; daily repetitions stay between the file's minimum and maximum with the form's minimum
 * not above its maximum; unlimited play only where the file allows it. The failure names the
 * first field out of bounds, in the order the form shows them.
 */
export const checkFormLimits = (form: CompleteForm, limits: FileConfiguration): Result<CompleteForm> => {
  if (form.amount_challenges < 1 || form.amount_challenges > limits.max_challenges) return invalid("amount_challenges");
  if (form.amount_trials < 1 || form.amount_trials > limits.max_amount_trials) return invalid("amount_trials");
  if (form.min_repetitions_per_day < limits.min_repetitions_per_day || form.min_repetitions_per_day > limits.max_repetitions_per_day) {
    return invalid("min_repetitions_per_day");
  }
  if (form.max_repetitions_per_day < form.min_repetitions_per_day || form.max_repetitions_per_day > limits.max_repetitions_per_day) {
    return invalid("max_repetitions_per_day");
  }
  if (form.unlimited && !limits.unlimited) return invalid("unlimited");
  return succeed(form);
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
