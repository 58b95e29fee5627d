import { fromPromise } from "xstate";
import type { CheckedRating, RatingDraft } from "../../../domain/communication-ratings/rating-check.ts";
import type { CommunicationRatingsCreated } from "../../../domain/communication-ratings/rating-wire.ts";
import { createRatingFormMachine } from "../../../machines/communication-ratings/rating-form.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The ratings feature's machine gets its effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); the form takes the provided logic and renders its actor.

/** What the rating form sends once its draft passed the domain's check. */
export type SubmitRatingInput = SubmitFormInput<RatingDraft, CheckedRating>;

/** The rating form on the institution's calendar, submitting through `submit` (POST patients/{id}/communication-ratings/). */
export const ratingFormLogicFor = (options: { readonly timeZone: string; readonly today: string }, submit: (input: SubmitRatingInput) => Promise<CommunicationRatingsCreated>) =>
  createRatingFormMachine(options).provide({ actors: { submitForm: fromPromise<CommunicationRatingsCreated, SubmitRatingInput>(({ input }) => submit(input)) } });
