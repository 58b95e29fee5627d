import { communicationRatingCreateEndpoint, communicationRatingListEndpoint } from "../../domain/communication-ratings/communication-ratings-endpoints.ts";
import type { CommunicationRatingCreateBody, CommunicationRatingList, CommunicationRatingsCreated } from "../../domain/communication-ratings/rating-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// A patient's functional communication ratings (issue 37), declared beside its one (HTTP) implementation.

/** Reads and writes a patient's ratings; each rejects with an ApiFailure. */
export type CommunicationRatingsApi = {
  readonly listRatings: (patientId: PatientId, signal?: AbortSignal) => Promise<CommunicationRatingList>;
  readonly createRatings: (patientId: PatientId, body: CommunicationRatingCreateBody) => Promise<CommunicationRatingsCreated>;
};

/** The ratings' calls on the given client (Bearer), the calls of their declared endpoints. */
export const createCommunicationRatingsApi = (client: ApiClient): CommunicationRatingsApi => ({
  listRatings: (id, signal) => client.call(communicationRatingListEndpoint, { params: { id }, signal }),
  createRatings: (id, body) => client.call(communicationRatingCreateEndpoint, { params: { id }, body }),
});

/** The ratings' calls of the app's client, made once, from the lazy ratings section. */
export const communicationRatingsApiOf = perClient(createCommunicationRatingsApi);
