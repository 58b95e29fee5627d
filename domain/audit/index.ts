// What other features may use of the audit log viewer (issue 38): the address of its reports (the
// patient record's "Who accessed" link) and who may read it; no schema, so a page that links here carries none.
export { AUDIT_REPORT, type AuditReport, patientAccessSearch, searchOfView } from "./audit-view.ts";
export type { AuditReview, AuditReviews } from "./audit-wire.ts";
export { auditAbilitiesOf, type AuditAbilities } from "./audit-abilities.ts";
