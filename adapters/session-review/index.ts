// What other features may use of the session-review adapters.
export type { SessionReviewApi } from "./session-review-port.ts";
export { createSessionReviewApi, sessionReviewApiOf } from "./session-review-api.ts";
