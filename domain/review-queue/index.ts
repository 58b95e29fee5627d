// What other features may use of the review queue's rules (issue 23): how its counts and ends read,
// and the ?queue= parameter that keeps a caseload walk in a session's address. The queue's wire
// and endpoints are the session-review domain's (review-queue-wire.ts, review-queue-endpoints.ts).
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
