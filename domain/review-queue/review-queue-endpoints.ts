import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import { PatientPendingReviews, ReviewQueueQuery, ReviewQueueStep } from "./review-queue-wire.ts";

// The review queue's calls (issue 23; docs/session-review-api.md, "Review queue"), declared once
// for the server's routes and the adapter's calls.

/** GET patients/{id}/pending-reviews/: how many of the patient's sessions wait for review, per assigned exercise. */
export const patientPendingReviewsEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/pending-reviews/",
  params: PatientPathParams,
  answer: PatientPendingReviews,
});

/** GET review-queue/next/: the next (or previous) pending session of a patient or of the caller's slice, oldest first. */
export const reviewQueueStepEndpoint = endpoint({
  method: "GET",
  path: "/api/review-queue/next/",
  query: ReviewQueueQuery,
  answer: ReviewQueueStep,
});
