// What other features may use of the review queue's adapter (issue 23).
export { createReviewQueueApi, reviewQueueApiOf, type ReviewQueueApi } from "./review-queue-api.ts";
