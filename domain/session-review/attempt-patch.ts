import * as Schema from "effect/Schema";
import { ERROR_MESSAGES, OTHER_MESSAGES } from "../shared/error-catalogue.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { fail, type Result, succeed } from "../shared/result.ts";
import { type AttemptEdit, EDIT_FIELD, type EditField, PATCHABLE_FIELDS, RESULT_VALUE } from "./attempt-edit.ts";
import { isGameType } from "../shared/games/game-type.ts";
import { splitWordList, validateAttemptScore } from "./attempt-edit-validation.ts";
import { versionField } from "../shared/wire/record-version.ts";
import { StrippedText } from "../shared/wire/text-fields.ts";

/** A score is valid exactly when the reviewer's score rule (validators/attempt-edit.ts) accepts it. */
export const isValidAttemptScore = (score: number): boolean => validateAttemptScore(score).ok;

export const AttemptScore = Schema.Finite.check(
  Schema.makeFilter((score: number) => isValidAttemptScore(score) || "The score is between 0 and 1 in steps of 0.1"),
);

/**
 * PATCH /attempt/{id}/ body: only the parts being corrected are sent; the server merges nested
 * objects. `version`, when sent, is the attempt's version the correction started from (412 if it changed since).
 */
export const AttemptPatchWire = Schema.Struct({
  score: Schema.optionalKey(AttemptScore),
  score_details: Schema.optionalKey(
    Schema.Struct({
      is_correct: Schema.optionalKey(Schema.Boolean),
      transcription: Schema.optionalKey(StrippedText),
    }),
  ),
  attempt_data: Schema.optionalKey(
    Schema.Struct({
      spoken_words: Schema.Struct({
        correct_words: Schema.optionalKey(Schema.Array(StrippedText)),
        wrong_words: Schema.optionalKey(Schema.Array(StrippedText)),
      }),
    }),
  ),
  ...versionField,
});
export type AttemptPatchWire = typeof AttemptPatchWire.Type;

const present = <A>(value: A | null | undefined): value is A => value !== null && value !== undefined;

/** A correction becomes the PATCH body of its game: fields the game does not allow are left out, a score off the 0–1 tenths scale is refused. */
export const toAttemptPatch = (gameType: string, edit: AttemptEdit): Result<AttemptPatchWire> => {
  if (!isGameType(gameType)) return fail("ERROR_001", OTHER_MESSAGES.unsupportedGameType);
  const allowed = (field: EditField): boolean => PATCHABLE_FIELDS[gameType].includes(field);
  const score = allowed(EDIT_FIELD.score) ? edit.score : undefined;
  if (present(score) && !isValidAttemptScore(score)) {
    return fail("ERROR_056", ERROR_MESSAGES.ERROR_056, { field: EDIT_FIELD.score });
  }
  const result = allowed(EDIT_FIELD.result) ? edit.result : undefined;
  const transcription = allowed(EDIT_FIELD.transcription) ? edit.transcription : undefined;
  const words = allowed(EDIT_FIELD.words) ? edit.words : undefined;
  const wrongWords = allowed(EDIT_FIELD.wrongWords) ? edit.wrongWords : undefined;
  const scoreDetails = {
    ...(present(result) ? { is_correct: result === RESULT_VALUE.correct } : {}),
    ...(present(transcription) ? { transcription: transcription.trim() } : {}),
  };
  const spokenWords = {
    ...(present(words) ? { correct_words: splitWordList(words) } : {}),
    ...(present(wrongWords) ? { wrong_words: splitWordList(wrongWords) } : {}),
  };
  return succeed({
    ...(present(score) ? { score: roundToOneDecimal(score) } : {}),
    ...(Object.keys(scoreDetails).length > 0 ? { score_details: scoreDetails } : {}),
    ...(Object.keys(spokenWords).length > 0 ? { attempt_data: { spoken_words: spokenWords } } : {}),
  });
};
