import { type GameFormsWire, type InstitutionGame, WIRE_FORM_FIELD, checkFormBounds, checkFormLevels, numbersOfForm } from "../../../domain/exercises/index.ts";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import type { Failure } from "../../../domain/shared/result.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";

const at = (failure: Failure, prefix: string): ApiFailure =>
  fromDomainFailure(400, { ...failure, field: failure.field === undefined ? prefix : `${prefix}.${failure.field}` }, `form rule ${failure.code} at ${prefix}`);

/**
 * The games and forms of a template or an assignment against what the owner offers: each game
 * offered (else 400 ERROR_030 "The requested game was not found", `games.N.game`) and named once
 * (ERROR_031, `games.N.game`); each form at a level the game offers (ERROR_052) and not twice
 * (ERROR_031), within the content file's limits for that level (ERROR_056 naming the field, e.g.
 * `games.0.forms.1.amount_trials`). The first failure in body order is answered.
 */
export const checkGameForms = (games: readonly GameFormsWire[], offer: ReadonlyMap<number, InstitutionGame>, path = "games"): ApiFailure | undefined => {
  const seen = new Set<number>();
  for (const [index, entry] of games.entries()) {
    const prefix = `${path}.${index}`;
    const game = offer.get(entry.game);
    if (game === undefined) {
      return apiFailure(400, "ERROR_030", "game not offered", { field: `${prefix}.game`, placeholders: { field_name: "game" } });
    }
    if (seen.has(entry.game)) {
      return fromDomainFailure(
        400,
        { ok: false, code: "ERROR_031", message: catalogueMessage("ERROR_031", { field_name: "game" }), field: `${prefix}.game`, placeholders: { field_name: "game" } },
        "game named twice",
      );
    }
    seen.add(entry.game);
    const levels = checkFormLevels({ levelsAvailable: game.levels.map((level) => level.difficulty) }, entry.forms);
    // A game offered without any level (no content) offers none: checkFormLevels reads an empty list as all three.
    if (!levels.ok) return at(levels, `${prefix}.forms`);
    for (const [formIndex, form] of entry.forms.entries()) {
      const level = game.levels.find((candidate) => candidate.difficulty === form.difficulty);
      if (level === undefined) return at({ ok: false, code: "ERROR_052", message: catalogueMessage("ERROR_052"), field: "difficulty" }, `${prefix}.forms.${formIndex}`);
      const [outside] = checkFormBounds(numbersOfForm(form), level.configuration).outside;
      if (outside !== undefined) return at({ ok: false, code: "ERROR_056", message: catalogueMessage("ERROR_056"), field: WIRE_FORM_FIELD[outside.field] }, `${prefix}.forms.${formIndex}`);
    }
  }
  return undefined;
};

/** A form's numbers in the columns templates and assignments share (server/db/schema/games.ts exerciseLimitColumns). */
export const limitColumnsOf = (game: number, form: GameFormsWire["forms"][number]) => ({
  gameId: game,
  difficulty: form.difficulty,
  amountChallenges: form.amount_challenges,
  amountTrials: form.amount_trials,
  minRepetitionsPerDay: form.min_repetitions_per_day,
  maxRepetitionsPerDay: form.max_repetitions_per_day,
  unlimited: form.unlimited,
});
