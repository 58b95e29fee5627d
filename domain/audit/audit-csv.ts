import { CSV_LINE_BREAK, csvRecord } from "../shared/format/csv.ts";
import type { AuditEventRow } from "./audit-wire.ts";

// The audit log's export (issue 38, docs/audit-viewer.md "Export") as CSV text, one row of the
// trail per line, in the order the viewer showed them, with what an auditor needs to re-verify
// each line offline against the hash chain (scripts/audit-verify-csv.mjs, docs/audit.md
// "Verifying an export"). Pure: the server hands it the rows.

/**
 * What a line carries beyond the viewer's row: the columns of the canonical content the list does
 * not show (the time to the microsecond, role, user agent, changes as jsonb prints them, the
 * patient as recorded), and the row's link: chain, position, the previous link's hash and its own
 * (null while the sealer has not linked it yet).
 */
export type AuditChainFacts = {
  readonly time: string;
  readonly role: string | null;
  readonly user_agent: string | null;
  readonly changes: string | null;
  readonly recorded_patient_id: number | null;
  readonly chain: number | null;
  readonly position: number | null;
  readonly previous_hash: string | null;
  readonly hash: string | null;
};

/** One exported line: the viewer's row and its chain facts. */
export type AuditExportRow = AuditEventRow & AuditChainFacts;

/** The export's columns, in order (the header line). */
export const AUDIT_EXPORT_COLUMNS = [
  "id",
  "time (UTC)",
  "person id",
  "person",
  "institution id",
  "action",
  "record kind",
  "record id",
  "patient id",
  "outcome",
  "reason",
  "IP",
  "request id",
  "role",
  "user agent",
  "changes",
  "recorded patient id",
  "chain",
  "position",
  "previous hash",
  "hash",
] as const;

const text = (value: string | number | null): string => (value === null ? "" : String(value));

/** One row of the trail as one record, in AUDIT_EXPORT_COLUMNS order. */
export const auditRecord = (row: AuditExportRow): string =>
  csvRecord([
    text(row.id),
    row.time,
    text(row.user_id),
    text(row.user_name),
    text(row.institution_id),
    row.action,
    row.kind,
    text(row.record_id),
    text(row.patient_id),
    row.outcome,
    text(row.reason),
    text(row.ip),
    text(row.request_id),
    text(row.role),
    text(row.user_agent),
    text(row.changes),
    text(row.recorded_patient_id),
    text(row.chain),
    text(row.position),
    text(row.previous_hash),
    text(row.hash),
  ]);

/** The header line, CRLF included: what the streamed export sends first. */
export const auditExportHeader = (): string => `${csvRecord(AUDIT_EXPORT_COLUMNS)}${CSV_LINE_BREAK}`;

/** Rows' lines, each ended by CRLF: the streamed export's next part. */
export const auditExportLines = (rows: readonly AuditExportRow[]): string => rows.map((row) => `${auditRecord(row)}${CSV_LINE_BREAK}`).join("");

/** What the file is called: what it holds (a patient's, a person's, or the log) and its period. */
export const auditExportFileName = (filters: { readonly patient?: number; readonly user?: number; readonly from?: string; readonly to?: string }): string => {
  const subject = filters.patient !== undefined ? `patient-${filters.patient}` : filters.user !== undefined ? `person-${filters.user}` : "log";
  const period = [filters.from ?? "start", filters.to ?? "now"].join("-to-");
  return `audit-${subject}-${period}.csv`;
};
