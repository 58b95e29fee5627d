import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import { CommunicationRatingCreateBody, CommunicationRatingList, CommunicationRatingsCreated } from "./rating-wire.ts";

// A patient's functional communication ratings (issue 37, docs/communication-ratings.md), declared
// once for the server's routes and the adapter's calls.

/** GET patients/{id}/communication-ratings/: every rating of the patient, oldest first, with today. */
export const communicationRatingListEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/communication-ratings/",
  params: PatientPathParams,
  answer: CommunicationRatingList,
});

/** POST patients/{id}/communication-ratings/: one occasion's levels, a new rating per scale rated (201). */
export const communicationRatingCreateEndpoint = endpoint({
  method: "POST",
  path: "/api/patients/:id/communication-ratings/",
  params: PatientPathParams,
  body: CommunicationRatingCreateBody,
  answer: CommunicationRatingsCreated,
});
