// What other features may use of the audit log viewer (issue 38): the address of its reports (the
// patient record's "Who accessed" link) and its review wire (the administrator's dashboard).
export { AUDIT_REPORT, type AuditReport, patientAccessSearch, searchOfView } from "./audit-view.ts";
export type { AuditReview, AuditReviews } from "./audit-wire.ts";
export { auditReviewsEndpoint } from "./audit-endpoints.ts";
export { auditAbilitiesOf, type AuditAbilities } from "./audit-abilities.ts";
