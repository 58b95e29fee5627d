import { patientPendingReviewsEndpoint, reviewQueueStepEndpoint } from "../../domain/review-queue/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { ReviewQueueApi } from "./review-queue-port.ts";

/** The review queue's calls on the given client (Bearer), each the call of its declared endpoint. */
export const createReviewQueueApi = (client: ApiClient): ReviewQueueApi => ({
  getPatientPendingReviews: (id, signal) => client.call(patientPendingReviewsEndpoint, { params: { id }, signal }),
  step: (query, signal) => client.call(reviewQueueStepEndpoint, { query, signal }),
});

/** The review queue's calls of the app's client, made once, from the lazy signed-in pages. */
export const reviewQueueApiOf = perClient(createReviewQueueApi);
