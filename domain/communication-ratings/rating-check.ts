import { calendarDayIn } from "../shared/calendar/zone.ts";
import * as Schema from "effect/Schema";
import { CalendarDate } from "../shared/wire/dates.ts";
import { RATING_OCCASIONS, RATING_SCALES, type RatingOccasion, type RatingScale } from "./rating-scales.ts";

/** The rating form as typed: the occasion, the day, and a level ("1" to "7", or "" when not rated) per scale. */
export type RatingDraft = {
  readonly occasion: string;
  readonly ratedOn: string;
} & { readonly [K in RatingScale]: string };

export type RatingField = "occasion" | "ratedOn" | "levels";

/** What a checked draft sends. */
export type CheckedRating = {
  readonly occasion: RatingOccasion;
  readonly ratedOn: string;
  readonly levels: Partial<Record<RatingScale, number>>;
};

/** A new rating's form: no occasion chosen, today's date, no scale rated. */
export const emptyRatingDraft = (today: string): RatingDraft => ({
  occasion: "",
  ratedOn: today,
  ...(Object.fromEntries(RATING_SCALES.map((scale) => [scale, ""])) as { [K in RatingScale]: string }),
});

export const RATING_MESSAGES = {
  occasion: "Choose when the rating was made: evaluation, progress report or discharge.",
  ratedOnMissing: "Enter the day of the rating.",
  ratedOnFuture: "The rating's day cannot be after today.",
  levels: "Rate at least one scale.",
  level: "Choose a level from 1 to 7.",
} as const;

const isCalendarDate = Schema.is(CalendarDate);
const isOccasion = (value: string): value is RatingOccasion => RATING_OCCASIONS.some((occasion) => occasion === value);

/**
 * A rating is made at an evaluation, a progress report or a discharge, on a real day that is not
 * after today on the institution's calendar, and rates at least one of the eight scales, each a
 * whole level from 1 to 7. The server checks the same (a wrong level never reaches it from the form).
 */
export const checkRatingDraft = (
  draft: RatingDraft,
  now: Date,
  timeZone: string,
): { readonly ok: true; readonly value: CheckedRating } | { readonly ok: false; readonly errors: Partial<Record<RatingField, string>> } => {
  const errors: Partial<Record<RatingField, string>> = {};
  if (!isOccasion(draft.occasion)) errors.occasion = RATING_MESSAGES.occasion;
  const day = draft.ratedOn.trim();
  if (!isCalendarDate(day)) errors.ratedOn = RATING_MESSAGES.ratedOnMissing;
  else if (day > calendarDayIn(now, timeZone)) errors.ratedOn = RATING_MESSAGES.ratedOnFuture;
  const levels: Partial<Record<RatingScale, number>> = {};
  for (const scale of RATING_SCALES) {
    const typed = draft[scale].trim();
    if (typed === "") continue;
    const level = Number(typed);
    if (!Number.isInteger(level) || level < 1 || level > 7) errors.levels = RATING_MESSAGES.level;
    else levels[scale] = level;
  }
  if (errors.levels === undefined && Object.keys(levels).length === 0) errors.levels = RATING_MESSAGES.levels;
  return Object.keys(errors).length > 0 || !isOccasion(draft.occasion) ? { ok: false, errors } : { ok: true, value: { occasion: draft.occasion, ratedOn: day, levels } };
};

/** The server's rule on a decoded body: the day not after today on the institution's calendar, at least one scale. */
export const ratingBodyProblem = (ratedOn: string, levels: Partial<Record<RatingScale, number>>, today: string): { readonly field: "rated_on" | "levels"; readonly message: string } | null => {
  if (ratedOn > today) return { field: "rated_on", message: RATING_MESSAGES.ratedOnFuture };
  if (Object.values(levels).filter((level) => level !== undefined).length === 0) return { field: "levels", message: RATING_MESSAGES.levels };
  return null;
};
