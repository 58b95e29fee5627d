// The session-review feature's server side: a level's statistics and sessions, one session attempt
// by attempt, corrections, SLP notes and the review call (docs/session-review-api.md).
export { registerSessionReviewRoutes } from "./register-session-review-routes.ts";
// The scope every session-review read checks; the review queue (server/features/review-queue) starts a step from it.
export { sessionScope } from "./session-scope.ts";
