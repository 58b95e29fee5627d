// What other features' pages may show of the audit log viewer (issue 38): the dashboard's line on
// the last review. The page itself is a lazy chunk (pages.tsx), never imported from here.
export { LastAuditReview } from "./last-review.tsx";
