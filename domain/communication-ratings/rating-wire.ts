import * as Schema from "effect/Schema";
import { IdNumber, PatientId, UserId } from "../shared/ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { PersonName } from "../shared/wire/text-fields.ts";
import { MAX_LEVEL, MIN_LEVEL, RATING_OCCASIONS, RATING_SCALES } from "./rating-scales.ts";

// The wire of a patient's functional communication ratings (docs/communication-ratings.md).

export const CommunicationRatingId = IdNumber.pipe(Schema.brand("CommunicationRatingId"));
export type CommunicationRatingId = typeof CommunicationRatingId.Type;

export const RatingScaleWire = Schema.Literals(RATING_SCALES);
export const RatingOccasionWire = Schema.Literals(RATING_OCCASIONS);
/** A level of a 7-level scale: a whole number 1 to 7. */
export const RatingLevel = Schema.Int.check(Schema.isBetween({ minimum: MIN_LEVEL, maximum: MAX_LEVEL }));

/** One scale's rating: kept once written; a correction is a newer rating, never an edit. */
export const CommunicationRating = Schema.Struct({
  id: CommunicationRatingId,
  patient_id: PatientId,
  scale: RatingScaleWire,
  level: RatingLevel,
  occasion: RatingOccasionWire,
  /** The day of the rating on the institution's calendar. */
  rated_on: CalendarDate,
  rated_by: Schema.Struct({ id: UserId, first_name: PersonName, last_name: PersonName }),
  /** When it was written: of two ratings of one scale on one day, the later written stands. */
  recorded_at: IsoDateTime,
});
export type CommunicationRating = typeof CommunicationRating.Type;

/** GET patients/{id}/communication-ratings/: every rating, with the institution's zone and today on its calendar (the form's default day and limit). */
export const CommunicationRatingList = Schema.Struct({
  today: CalendarDate,
  time_zone: Schema.String,
  ratings: Schema.Array(CommunicationRating),
});
export type CommunicationRatingList = typeof CommunicationRatingList.Type;

/** The levels of one rating occasion, by scale; the scales not rated are left out. */
export const RatingLevels = Schema.Struct(
  Object.fromEntries(RATING_SCALES.map((scale) => [scale, Schema.optionalKey(RatingLevel)])) as { [K in (typeof RATING_SCALES)[number]]: Schema.optionalKey<typeof RatingLevel> },
);
export type RatingLevels = typeof RatingLevels.Type;

/** POST patients/{id}/communication-ratings/: the occasion, its day and the level of each scale rated (at least one). */
export const CommunicationRatingCreateBody = Schema.Struct({
  occasion: RatingOccasionWire,
  rated_on: CalendarDate,
  levels: RatingLevels,
});
export type CommunicationRatingCreateBody = typeof CommunicationRatingCreateBody.Type;

/** The answer to a POST: the ratings written, one per scale rated. */
export const CommunicationRatingsCreated = Schema.Struct({ ratings: Schema.Array(CommunicationRating) });
export type CommunicationRatingsCreated = typeof CommunicationRatingsCreated.Type;
