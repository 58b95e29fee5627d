import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";
import { MAX_TEXT_LENGTH, fitsTextLimit, textTooLongMessage } from "../shared/validators/text-length.ts";

export const SCORE_STEP_COUNT = 10;
/** The scores a reviewer may give: 0, 0.1, ..., 1. */
export const ALLOWED_SCORES: readonly number[] = Array.from({ length: SCORE_STEP_COUNT + 1 }, (_, k) => k / SCORE_STEP_COUNT);
export const SCORE_RULE_MESSAGE = "The score must be between 0 and 1 in steps of 0.1";
// The shared free-text limit under the name server/features/session-review still imports.
export const MAX_PATTERN_LENGTH = MAX_TEXT_LENGTH;
export const PATTERN_TOO_LONG_MESSAGE = textTooLongMessage("The pattern");

// Tolerates float noise such as 0.1 + 0.2 from a stepper; far below the 0.1 step.
const SCORE_TOLERANCE = 1e-9;

/** A reviewer's corrected score is 0 to 1 in steps of 0.1 (ERROR_056); it is stored as the exact step, without float noise. */
export const validateAttemptScore = (score: number | null): Result<number> => {
  if (score === null) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "score" }), { field: "score" });
  const steps = Math.round(score * SCORE_STEP_COUNT);
  // Reading the step from the table also turns -0 into 0 and leaves anything off the scale undefined.
  const step = Math.abs(score - steps / SCORE_STEP_COUNT) < SCORE_TOLERANCE ? ALLOWED_SCORES[steps] : undefined;
  return step === undefined ? fail("ERROR_056", SCORE_RULE_MESSAGE, { field: "score" }) : succeed(step);
};

/** A memory-grid pattern correction holds at most 1000 characters (ERROR_056). */
export const validatePatternText = (pattern: string): Result<string> =>
  fitsTextLimit(pattern)
    ? succeed(pattern)
    : fail("ERROR_056", PATTERN_TOO_LONG_MESSAGE, { field: "pattern" });

/** A verbal-fluency word list is typed comma-separated; each word is trimmed and empty entries are dropped, so an empty field is an empty list. */
export const splitWordList = (text: string): readonly string[] =>
  text
    .split(",")
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

/** A word list is shown in its field comma-separated, so splitting it again gives the same words. */
export const joinWordList = (words: readonly string[]): string => words.join(", ");

export const ATTEMPT_RESULT = {
  correct: "correct",
  incorrect: "incorrect",
} as const;
export type AttemptResultChoice = (typeof ATTEMPT_RESULT)[keyof typeof ATTEMPT_RESULT];

/** The Result select offers only correct or incorrect (ERROR_052 otherwise); it becomes the attempt's is_correct flag. */
export const parseAttemptResult = (choice: string): Result<boolean> => {
  if (choice === ATTEMPT_RESULT.correct) return succeed(true);
  if (choice === ATTEMPT_RESULT.incorrect) return succeed(false);
  return fail("ERROR_052", catalogueMessage("ERROR_052"), { field: "is_correct" });
};

/** The select shows an attempt's is_correct flag as correct or incorrect. */
export const attemptResultChoice = (isCorrect: boolean): AttemptResultChoice =>
  isCorrect ? ATTEMPT_RESULT.correct : ATTEMPT_RESULT.incorrect;
