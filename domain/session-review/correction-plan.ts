import { catalogueMessage } from "../shared/error-catalogue.ts";
import { isGameType } from "../shared/games/game-type.ts";
import { type Failure, type Result, fail, succeed } from "../shared/result.ts";
import { characterCount } from "../shared/validators/text-length.ts";
import { EDIT_FIELD, type EditField, PATCHABLE_FIELDS } from "./attempt-edit.ts";
import { MAX_PATTERN_LENGTH, joinWordList, validateAttemptScore } from "./attempt-edit-validation.ts";
import type { AttemptPatchWire } from "./attempt-patch.ts";
import type { AttemptOriginalWire } from "./session-review-calls.ts";
import type { JsonObject } from "./session-totals.ts";

/** The attempt as stored, before the correction. */
export type StoredAttempt = {
  readonly score: number | null;
  readonly isCorrect: boolean | null;
  readonly transcription: string | null;
  readonly attemptData: JsonObject;
  readonly correctionOriginal: JsonObject | null;
};

/** What a correction writes: the changed columns, the original to keep, and whether the session's totals move. */
export type Correction = {
  readonly score?: number;
  readonly isCorrect?: boolean;
  readonly transcription?: string | null;
  readonly attemptData?: JsonObject;
  readonly original: AttemptOriginalWire;
  readonly totalsChange: boolean;
};

type Requested = { readonly field: EditField; readonly path: string; readonly name: string };

/** Which corrections a body asks for, with where each sits in the body and the name its message uses. */
const requestedFields = (patch: AttemptPatchWire): Requested[] => {
  const asked: Requested[] = [];
  if (patch.score !== undefined) asked.push({ field: EDIT_FIELD.score, path: "score", name: "score" });
  if (patch.score_details?.is_correct !== undefined) asked.push({ field: EDIT_FIELD.result, path: "score_details.is_correct", name: "result" });
  if (patch.score_details?.transcription !== undefined) asked.push({ field: EDIT_FIELD.transcription, path: "score_details.transcription", name: "transcription" });
  const spoken = patch.attempt_data?.spoken_words;
  if (spoken?.correct_words !== undefined) asked.push({ field: EDIT_FIELD.words, path: "attempt_data.spoken_words.correct_words", name: "list of words" });
  if (spoken?.wrong_words !== undefined) asked.push({ field: EDIT_FIELD.wrongWords, path: "attempt_data.spoken_words.wrong_words", name: "wrong attempts" });
  return asked;
};

const words = (value: unknown): string[] | null => (Array.isArray(value) && value.every((word) => typeof word === "string") ? [...(value as string[])] : null);

const spokenWordsOf = (attemptData: JsonObject): JsonObject => {
  const spoken = attemptData.spoken_words;
  return typeof spoken === "object" && spoken !== null && !Array.isArray(spoken) ? (spoken as JsonObject) : {};
};

const wordsOrNull = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((word) => typeof word === "string") ? (value as string[]) : null;

/** The original a correction stored, read back defensively (a value of the wrong type reads null). */
export const originalOf = (stored: JsonObject): AttemptOriginalWire => ({
  score: typeof stored.score === "number" && Number.isFinite(stored.score) ? stored.score : null,
  is_correct: typeof stored.is_correct === "boolean" ? stored.is_correct : null,
  transcription: typeof stored.transcription === "string" ? stored.transcription : null,
  correct_words: wordsOrNull(stored.correct_words),
  wrong_words: wordsOrNull(stored.wrong_words),
});

/** What the machine had decided: the values a first correction keeps. */
export const originalValues = (stored: StoredAttempt): AttemptOriginalWire => {
  const spoken = spokenWordsOf(stored.attemptData);
  return {
    score: stored.score,
    is_correct: stored.isCorrect,
    transcription: stored.transcription,
    correct_words: words(spoken.correct_words),
    wrong_words: words(spoken.wrong_words),
  };
};

const tooLong = (path: string): Failure => fail("ERROR_056", `The ${path.split(".").at(-1)?.replace("_", " ")} must be at most ${MAX_PATTERN_LENGTH} characters`, { field: path });

/** A typed list of words: trimmed, blanks dropped, at most 1000 characters as the form shows it (comma-separated). */
const cleanWords = (list: readonly string[], path: string): Result<string[]> => {
  const cleaned = list.map((word) => word.trim()).filter((word) => word.length > 0);
  return characterCount(joinWordList(cleaned)) <= MAX_PATTERN_LENGTH ? succeed(cleaned) : tooLong(path);
};

/**
 * A reviewer's correction of one attempt (spec sections 4 and 5; docs/attempt-mapping.md §4):
 * something must be corrected (ERROR_003); only the fields the game allows (ERROR_051: parrot
 * and chit-chat only the result, a transcription only in social situations, word lists only in
 * verbal fluency); a score 0 to 1 in tenths (ERROR_056); text at most 1000 characters (ERROR_056);
 * word lists trimmed with blanks dropped. `score_details` and `spoken_words` merge key by key,
 * and the first correction's original is kept by every later one.
 */
export const planCorrection = (gameType: string, stored: StoredAttempt, patch: AttemptPatchWire): Result<Correction> => {
  const asked = requestedFields(patch);
  if (asked.length === 0) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "correction" }));
  const allowed = isGameType(gameType) ? PATCHABLE_FIELDS[gameType] : [];
  const refused = asked.find((request) => !allowed.includes(request.field));
  if (refused !== undefined) {
    return fail("ERROR_051", catalogueMessage("ERROR_051", { field_name: refused.name }), { field: refused.path, placeholders: { field_name: refused.name } });
  }
  let score: number | undefined;
  if (patch.score !== undefined) {
    const checked = validateAttemptScore(patch.score);
    if (!checked.ok) return checked;
    score = checked.value;
  }
  let transcription: string | null | undefined;
  if (patch.score_details?.transcription !== undefined) {
    const trimmed = patch.score_details.transcription.trim();
    if (characterCount(trimmed) > MAX_PATTERN_LENGTH) return tooLong("score_details.transcription");
    transcription = trimmed === "" ? null : trimmed;
  }
  let attemptData: JsonObject | undefined;
  const spoken = patch.attempt_data?.spoken_words;
  if (spoken !== undefined) {
    const merged: Record<string, unknown> = { ...spokenWordsOf(stored.attemptData) };
    if (spoken.correct_words !== undefined) {
      const cleaned = cleanWords(spoken.correct_words, "attempt_data.spoken_words.correct_words");
      if (!cleaned.ok) return cleaned;
      merged.correct_words = cleaned.value;
    }
    if (spoken.wrong_words !== undefined) {
      const cleaned = cleanWords(spoken.wrong_words, "attempt_data.spoken_words.wrong_words");
      if (!cleaned.ok) return cleaned;
      merged.wrong_words = cleaned.value;
    }
    attemptData = { ...stored.attemptData, spoken_words: merged };
  }
  const isCorrect = patch.score_details?.is_correct;
  return succeed({
    ...(score === undefined ? {} : { score }),
    ...(isCorrect === undefined ? {} : { isCorrect }),
    ...(transcription === undefined ? {} : { transcription }),
    ...(attemptData === undefined ? {} : { attemptData }),
    original: stored.correctionOriginal === null ? originalValues(stored) : originalOf(stored.correctionOriginal),
    totalsChange: score !== undefined || isCorrect !== undefined || attemptData !== undefined,
  });
};
