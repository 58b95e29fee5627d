import {
  type PatientPendingReviews,
  type ReviewQueueQuery,
  type ReviewQueueStep,
  patientPendingReviewsEndpoint,
  reviewQueueStepEndpoint,
} from "../../domain/review-queue/index.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// The review queue (issue 23; docs/session-review-api.md, "Review queue"), a feature of its own
// in every layer; declared beside its one (HTTP) implementation.

/** How many sessions wait for review, and the step from one pending session to the next; each rejects with an ApiFailure. */
export type ReviewQueueApi = {
  readonly getPatientPendingReviews: (patientId: PatientId, signal?: AbortSignal) => Promise<PatientPendingReviews>;
  readonly step: (query: ReviewQueueQuery, signal?: AbortSignal) => Promise<ReviewQueueStep>;
};

/** The review queue's calls on the given client (Bearer), each the call of its declared endpoint. */
export const createReviewQueueApi = (client: ApiClient): ReviewQueueApi => ({
  getPatientPendingReviews: (id, signal) => client.call(patientPendingReviewsEndpoint, { params: { id }, signal }),
  step: (query, signal) => client.call(reviewQueueStepEndpoint, { query, signal }),
});

/** The review queue's calls of the app's client, made once, from the lazy signed-in pages. */
export const reviewQueueApiOf = perClient(createReviewQueueApi);
