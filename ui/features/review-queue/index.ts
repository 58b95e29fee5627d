// What other features may use of the review queue (issue 23): the counts and steps, their cache
// keys (a review mark refreshes them) and a pending session's address. Its own feature because
// the patient page (patients), the session page (session-review, which imports patients) and the
// dashboard all read it: inside session-review, patients could not import it without a cycle.
export { reviewQueueKeys } from "./review-queue-keys.ts";
export { usePatientPendingReviews, useReviewQueueStep } from "./use-review-queue.ts";
export { pendingSessionHref } from "./session-address.ts";
