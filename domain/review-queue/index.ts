// What other features may use of the review queue (issue 23): its wire types, how its counts and
// ends read, and the ?queue= parameter that keeps a caseload walk in a session's address.
export type {
  LevelPendingReviews,
  PatientPendingReviews,
  ReviewQueueOnly,
  ReviewQueueQuery,
  ReviewQueueScope,
  ReviewQueueSession,
  ReviewQueueStep,
} from "./review-queue-wire.ts";
export { REVIEW_QUEUE_DIRECTION, REVIEW_QUEUE_ONLY, REVIEW_QUEUE_SCOPE } from "./review-queue-wire.ts";
export {
  correctableAttemptsText,
  nothingLeftText,
  OLDEST_LOCKED_TEXT,
  ONLY_PARAM,
  QUEUE_PARAM,
  queueOnlyFromParam,
  queueScopeFromParam,
  queueSearch,
  sessionsToReview,
  sessionsWaiting,
  walkFilterText,
} from "./review-queue-words.ts";
export { neighbourQueries, type ReviewWalk, reviewWalkOf, walkQuery } from "./review-walk.ts";
export { patientPendingReviewsEndpoint, reviewQueueStepEndpoint } from "./review-queue-endpoints.ts";
