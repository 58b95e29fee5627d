import * as Schema from "effect/Schema";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { ExerciseTemplateId, GameId, InstitutionId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { isTypedText, isVisibleText } from "../shared/wire/text-fields.ts";
import { GameTypeSchema } from "./games-wire.ts";

/** Far above any content file's limit, far below what an integer column holds: a typo, not a prescription. */
const FORM_NUMBER_MAX = 1000;
const FormCount = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: FORM_NUMBER_MAX }));

/**
 * One assignment form on the wire (spec "exercise form instance"): a difficulty and the dose of
 * practice at it. Every number is required here; the game's file configuration bounds them
 * (domain/exercises/form-limits.ts).
 */
export const AssignmentFormWire = Schema.Struct({
  difficulty: DifficultySchema,
  amount_challenges: FormCount,
  amount_trials: FormCount,
  min_repetitions_per_day: FormCount,
  max_repetitions_per_day: FormCount,
  unlimited: Schema.Boolean,
});
export type AssignmentFormWire = typeof AssignmentFormWire.Type;

/** A game with its forms, one per difficulty (at most the three levels). */
export const GameFormsWire = Schema.Struct({
  game: GameId,
  forms: Schema.Array(AssignmentFormWire).check(Schema.isMinLength(1), Schema.isMaxLength(3)),
});
export type GameFormsWire = typeof GameFormsWire.Type;

/** At most this many games in one template or assignment (the catalogue has eight). */
export const MAX_GAMES_PER_REQUEST = 50;
export const GameFormsList = Schema.Array(GameFormsWire).check(Schema.isMaxLength(MAX_GAMES_PER_REQUEST));

/**
 * A template name as typed: one line, at most 100 characters. The name rules run after decoding,
 * so a missing name answers like an empty one: ERROR_003 "Configuration name is required". No
 * invisible direction or width character (ERROR_056 on `name`).
 */
export const TemplateName = Schema.String.check(Schema.isMaxLength(100), isTypedText(), isVisibleText());

/**
 * POST exercise-templates/: a name, the owner (an institution; null for a platform-wide template,
 * super admins only; absent means the caller's own institution) and the games with their forms
 * (may be empty: a template can be filled in later).
 */
export const TemplateCreateBody = Schema.Struct({
  name: Schema.optionalKey(TemplateName),
  institution: Schema.optionalKey(Schema.NullOr(InstitutionId)),
  games: GameFormsList,
});
export type TemplateCreateBody = typeof TemplateCreateBody.Type;

/**
 * PUT exercise-templates/{id}/: the new name and the complete new set of games and forms (the
 * owner never changes); optionally the version the edit started from (412 if it changed since).
 */
export const TemplateUpdateBody = Schema.Struct({
  name: Schema.optionalKey(TemplateName),
  games: GameFormsList,
  ...versionField,
});
export type TemplateUpdateBody = typeof TemplateUpdateBody.Type;

/** POST exercise-templates/{id}/duplicate/: optionally the copy's name (else "<name> (copy)", numbered while taken). */
export const TemplateDuplicateBody = Schema.Struct({ name: Schema.optionalKey(TemplateName) });
export type TemplateDuplicateBody = typeof TemplateDuplicateBody.Type;

/** The template a call names in its path. */
export const TemplatePathParams = Schema.Struct({ id: idFromUrl(ExerciseTemplateId) });

/** GET exercise-templates/?institution=: super admins name the institution (none: platform templates only); others get their own. */
export const TemplateListQuery = Schema.Struct({ institution: Schema.optionalKey(idFromUrl(InstitutionId)) });
export type TemplateListQuery = typeof TemplateListQuery.Type;

/** A template's game with its forms, in the order they were saved. */
export const TemplateGame = Schema.Struct({
  game: Schema.Struct({ id: GameId, type: GameTypeSchema, name: Schema.String }),
  forms: Schema.Array(AssignmentFormWire),
});
export type TemplateGame = typeof TemplateGame.Type;

/** An exercise template: its owner (null: platform-wide), name and games with forms (none once cleared). */
export const ExerciseTemplate = Schema.Struct({
  id: ExerciseTemplateId,
  name: Schema.String,
  institution: Schema.NullOr(InstitutionId),
  games: Schema.Array(TemplateGame),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  /** The template's version (docs/api.md, "Versions and concurrent edits"): an update or clear may send it back. */
  version: RecordVersion,
});
export type ExerciseTemplate = typeof ExerciseTemplate.Type;

/** GET exercise-templates/: the templates the caller may use, by name (institution's and platform's mixed). */
export const ExerciseTemplatesResponse = Schema.Array(ExerciseTemplate);
export type ExerciseTemplatesResponse = typeof ExerciseTemplatesResponse.Type;
