// What other features may use of the audit log viewer's adapters (issue 38).
export { type AddressQuery, type AuditApi, auditApiOf, createAuditApi } from "./audit-api.ts";
export { type DisclosureApi, createDisclosureApi, disclosureApiOf } from "./disclosure-api.ts";
