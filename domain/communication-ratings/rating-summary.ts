import { dayLabel } from "../shared/calendar/labels.ts";
import { RATING_SCALES, type RatingScale } from "./rating-scales.ts";

/** What the summary reads of a rating (the wire's CommunicationRating has it all). */
export type RatingFacts = {
  readonly id: number;
  readonly scale: RatingScale;
  readonly level: number;
  readonly rated_on: string;
  readonly recorded_at: string;
};

/** One scale's standing: its latest level, the one before it, and the change in levels (null: nothing to compare with). */
export type ScaleStanding<R extends RatingFacts> = {
  readonly scale: RatingScale;
  readonly latest: R | null;
  readonly previous: R | null;
  readonly change: number | null;
};

// Written order: day, then when it was written, then id (two writes in one millisecond).
const byWhenRated = (a: RatingFacts, b: RatingFacts): number =>
  a.rated_on.localeCompare(b.rated_on) || Date.parse(a.recorded_at) - Date.parse(b.recorded_at) || a.id - b.id;

/**
 * Each scale's latest rating and its change since the previous one. A rating is never edited: a
 * correction is a newer rating of the same scale on the same day, and it stands for that day, so
 * the change is always between two different days' ratings (latest day against the day before).
 */
export const scaleStandings = <R extends RatingFacts>(ratings: readonly R[]): ScaleStanding<R>[] =>
  RATING_SCALES.map((scale) => {
    const ofScale = ratings.filter((rating) => rating.scale === scale).sort(byWhenRated);
    // The last written of each day stands for the day.
    const perDay = ofScale.filter((rating, index) => ofScale[index + 1]?.rated_on !== rating.rated_on);
    const latest = perDay.at(-1) ?? null;
    const previous = perDay.at(-2) ?? null;
    return { scale, latest, previous, change: latest === null || previous === null ? null : latest.level - previous.level };
  });

const levels = (count: number): string => (count === 1 ? "1 level" : `${count} levels`);

/** A change in words, with its direction spelt out (never by colour or arrow alone): "Up 2 levels since Jan 5, 2026". */
export const changeWords = (standing: ScaleStanding<RatingFacts>): string => {
  if (standing.latest === null) return "Nothing to compare";
  if (standing.previous === null || standing.change === null) return "First rating";
  const since = `since ${dayLabel(standing.previous.rated_on)}`;
  if (standing.change === 0) return `No change ${since}`;
  return standing.change > 0 ? `Up ${levels(standing.change)} ${since}` : `Down ${levels(-standing.change)} ${since}`;
};
