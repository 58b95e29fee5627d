import type { PatientPendingReviews, ReviewQueueQuery, ReviewQueueStep } from "../../domain/review-queue/index.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The port of the review queue (issue 23; docs/session-review-api.md, "Review queue"), apart from
// SessionReviewApi so the session pages' fakes need not grow; review-queue-api.ts is its HTTP side.

/** How many sessions wait for review, and the step from one pending session to the next; each rejects with an ApiFailure. */
export type ReviewQueueApi = {
  readonly getPatientPendingReviews: (patientId: PatientId, signal?: AbortSignal) => Promise<PatientPendingReviews>;
  readonly step: (query: ReviewQueueQuery, signal?: AbortSignal) => Promise<ReviewQueueStep>;
};
