// What other features may use of the review queue's rules (issue 23): how its counts and ends read,
// and the ?queue= parameter that keeps a caseload walk in a session's address. The queue's wire
// and endpoints are the session-review domain's (review-queue-wire.ts, review-queue-endpoints.ts).
export { nothingLeftText, QUEUE_PARAM, queueScopeFromParam, queueSearch, sessionsToReview, sessionsWaiting } from "./review-queue-words.ts";
