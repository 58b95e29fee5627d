// The audit viewer's words (issue 38, docs/audit-viewer.md): the outcomes, the sortable columns and
// the directions, apart from the wire's schemas so a page that only links to the viewer carries none.

/** The outcomes an audit row records (server/db/schema/audit.ts). */
export const AUDIT_OUTCOMES = ["success", "denied", "failure"] as const;
export type AuditOutcomeName = (typeof AUDIT_OUTCOMES)[number];

/** The columns the list sorts by; each is a key of keyset paging with the row's id. */
export const AUDIT_SORT = { time: "time", person: "person", action: "action", kind: "kind", outcome: "outcome", ip: "ip" } as const;
export type AuditSort = (typeof AUDIT_SORT)[keyof typeof AUDIT_SORT];
export const AUDIT_SORTS: readonly AuditSort[] = Object.values(AUDIT_SORT);

export const AUDIT_DIRECTIONS = ["asc", "desc"] as const;
export type AuditDirection = (typeof AUDIT_DIRECTIONS)[number];
