// The review queue's server side (issue 23): a patient's or a caseload's next session to review and
// a patient's pending counts (docs/session-review-api.md, "Review queue"). Its scope is the
// session-review feature's: a step starts from a session the caller may see.
export { registerReviewQueueRoutes } from "./review-queue-routes.ts";
