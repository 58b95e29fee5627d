import { type CheckedRating, checkRatingDraft, emptyRatingDraft, type RatingDraft, type RatingField } from "../../domain/communication-ratings/rating-check.ts";
import type { CommunicationRatingsCreated } from "../../domain/communication-ratings/rating-wire.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The rating form of a patient's functional communication ratings (issue 37,
// docs/communication-ratings.md), on the shared create-form machine with the domain's check on the
// institution's calendar (its zone), the server's own rule.

/** The server names the day `rated_on`; the form shows it under the date. */
const RATING_FIELD_OF: Readonly<Record<string, RatingField>> = { occasion: "occasion", rated_on: "ratedOn", levels: "levels" };

/**
 * The rating form, its day checked on the institution's calendar (`timeZone`). It stays open once a
 * rating is saved and starts again empty on `today`, ready for the next occasion or a correction.
 */
export const createRatingFormMachine = ({ timeZone, today }: { readonly timeZone: string; readonly today: string }) =>
  createCreateFormMachine<RatingDraft, CheckedRating, RatingField, CommunicationRatingsCreated>({
    id: "ratingForm",
    check: (draft, now) => checkRatingDraft(draft, now, timeZone),
    fieldOfFailure: fieldOfRefusal(RATING_FIELD_OF),
    // Any level typed or chosen settles the message of the scales together.
    settles: (changed, field) => changed === field || (field === "levels" && changed !== "occasion" && changed !== "ratedOn"),
    refill: () => ({ draft: emptyRatingDraft(today), basis: undefined }),
  });

export type RatingFormMachine = ReturnType<typeof createRatingFormMachine>;
