/**
 * The eight functional communication scales of a speech-language evaluation (issue 37): public-domain
 * 7-level scales, rated at the evaluation, at each progress report and at discharge. The level
 * words are this portal's own, short and plain (docs/communication-ratings.md); they describe how
 * much help the person needs, from 1 (cannot do it at all) to 7 (does it without any limit).
 */
export const RATING_SCALE = {
  attention: "attention",
  memory: "memory",
  motorSpeech: "motor_speech",
  reading: "reading",
  spokenComprehension: "spoken_language_comprehension",
  spokenExpression: "spoken_language_expression",
  swallowing: "swallowing",
  writing: "writing",
} as const;
export type RatingScale = (typeof RATING_SCALE)[keyof typeof RATING_SCALE];
/** The scales in the order the form and the table list them. */
export const RATING_SCALES: readonly RatingScale[] = Object.values(RATING_SCALE);

export const RATING_SCALE_NAMES: Readonly<Record<RatingScale, string>> = {
  attention: "Attention",
  memory: "Memory",
  motor_speech: "Motor speech",
  reading: "Reading",
  spoken_language_comprehension: "Spoken language comprehension",
  spoken_language_expression: "Spoken language expression",
  swallowing: "Swallowing",
  writing: "Writing",
};

/** When a rating was made: at the evaluation, for a progress report, or at discharge. */
export const RATING_OCCASION = { evaluation: "evaluation", report: "report", discharge: "discharge" } as const;
export type RatingOccasion = (typeof RATING_OCCASION)[keyof typeof RATING_OCCASION];
export const RATING_OCCASIONS: readonly RatingOccasion[] = Object.values(RATING_OCCASION);

export const RATING_OCCASION_NAMES: Readonly<Record<RatingOccasion, string>> = {
  evaluation: "Evaluation",
  report: "Progress report",
  discharge: "Discharge",
};

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 7;
export const RATING_LEVELS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

/** Our own words for each level (not any published scale's text): how much help the person needs. */
export const LEVEL_LABELS: Readonly<Record<number, string>> = {
  1: "Not able to do it yet",
  2: "Needs help all the time",
  3: "Needs help most of the time",
  4: "Needs help about half the time",
  5: "Needs help now and then",
  6: "Does it alone, with some limits",
  7: "Does it alone, no limits",
};

/** A level in words, "Level 4: Needs help about half the time". */
export const levelText = (level: number): string => `Level ${level}: ${LEVEL_LABELS[level] ?? "unknown"}`;
