import { auditKindOf } from "../../domain/shared/audit-vocabulary.ts";
import { ROLE_CODES } from "../../domain/shared/roles.ts";
import { patientOfRecord } from "../../server/audit/audit-patient.ts";
import type { auditEvents } from "../../server/db/schema/audit.ts";

type AuditRow = typeof auditEvents.$inferSelect;

const SECRET = /password|secret|token|otp|hash/i;

/** Each entry of `changes` is an old and a new value that differ. */
const oldToNew = (changes: NonNullable<AuditRow["changes"]>): boolean =>
  Object.values(changes).every((change) => typeof change === "object" && change !== null && "from" in change && "to" in change && JSON.stringify(change.from) !== JSON.stringify(change.to));

/**
 * What every audit row must hold (issue 38, "What is recorded"), each field with its rule; a row
 * that breaks one is named with the field. The access matrix runs it over every row it left.
 */
export const AUDIT_FIELD_RULES: ReadonlyArray<readonly [field: string, holds: (row: AuditRow) => boolean]> = [
  ["time", (row) => row.occurredAt instanceof Date && !Number.isNaN(row.occurredAt.getTime())],
  ["action of the vocabulary", (row) => auditKindOf(row.action, row.resource, row.outcome) !== undefined],
  ["record kind", (row) => row.resource.length > 0],
  ["outcome", (row) => ["success", "denied", "failure"].includes(row.outcome)],
  ["ip", (row) => row.ip !== null && row.ip.length > 0],
  ["user agent", (row) => row.userAgent !== null && row.userAgent.length > 0 && row.userAgent.length <= 512],
  ["request id", (row) => row.requestId !== null && row.requestId.length > 0],
  // Anonymous refusals are counted elsewhere (anonymous_refusals); a public call's own row may name nobody.
  ["role of the user", (row) => row.userId === null || (row.role !== null && (ROLE_CODES as readonly string[]).includes(row.role))],
  ["institution of the user", (row) => row.userId === null || row.role === "super_admin" || row.institutionId !== null],
  ["patient of a patient's record", (row) => patientOfRecord(row.resource, row.resourceId) === null || row.patientId === patientOfRecord(row.resource, row.resourceId)],
  ["changes without secrets", (row) => row.changes === null || Object.keys(row.changes).every((field) => !SECRET.test(field))],
  ["changes as old -> new", (row) => row.changes === null || oldToNew(row.changes)],
];

/** Each rule a row breaks, as "<field> (row <id>: <action> <resource>)". */
export const auditRowFaults = (row: AuditRow): string[] =>
  AUDIT_FIELD_RULES.filter(([, holds]) => !holds(row)).map(([field]) => `${field} (row ${row.id}: ${row.action} ${row.resource} ${row.outcome}/${row.reason ?? ""})`);
