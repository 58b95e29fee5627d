import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { preparedOnce } from "../db/prepared.ts";
import { type AuditOutcome, auditEvents } from "../db/schema/audit.ts";

export type AuditEvent = {
  readonly occurredAt: Date;
  readonly userId: number | null;
  readonly institutionId: number | null;
  readonly ip: string | null;
  /** What was done: read, create, update, delete, sign_in, ... */
  readonly action: string;
  /** A resource of the permission vocabulary (patient, game_attempt, ...) or an auth subject. */
  readonly resource: string;
  readonly resourceId: string | null;
  readonly outcome: AuditOutcome;
  readonly requestId: string | null;
  /** Why, from a fixed vocabulary (wrong_password, locked, inactive, ...): never a secret, code or token. */
  readonly reason?: string | null;
};

const value = <Name extends string>(name: Name) => sql`${sql.placeholder(name)}`;

// Every audited request runs it: prepared once (server/db/prepared.ts). The time as ISO text:
// a placeholder carries no column type to turn a Date into one.
const auditInsert = preparedOnce((db) =>
  db
    .insert(auditEvents)
    .values({
      occurredAt: sql`${sql.placeholder("occurredAt")}::timestamptz`,
      userId: value("userId"),
      institutionId: value("institutionId"),
      ip: value("ip"),
      action: value("action"),
      resource: value("resource"),
      resourceId: value("resourceId"),
      outcome: value("outcome"),
      requestId: value("requestId"),
      reason: value("reason"),
    })
    .prepare("audit_event_insert"),
);

/**
 * Appends one event to the audit trail. Call it inside the same transaction as the change it
 * records, so a change is never without its audit row (nor an audit row without its change).
 */
export const recordAudit = async (db: Database, event: AuditEvent): Promise<void> => {
  await auditInsert(db).execute({ ...event, occurredAt: event.occurredAt.toISOString(), reason: event.reason ?? null });
};

/**
 * Appends the same event for each of many records, in the order given, as one statement (a call
 * that changes hundreds of records writes one row each without a query each). The same rule as
 * recordAudit: inside the transaction of the change.
 */
export const recordAuditForEach = async (db: Database, event: Omit<AuditEvent, "resourceId">, resourceIds: readonly string[]): Promise<void> => {
  await db.execute(sql`
    insert into audit_events (occurred_at, user_id, institution_id, ip, action, resource, resource_id, outcome, reason, request_id)
    select ${event.occurredAt.toISOString()}::timestamptz, ${event.userId}::int, ${event.institutionId}::int, ${event.ip}::text, ${event.action}::text,
      ${event.resource}::text, r.id, ${event.outcome}::text, ${event.reason ?? null}::text, ${event.requestId}::text
    from unnest(${sql.param([...resourceIds])}::text[]) with ordinality as r(id, position)
    order by r.position`);
};

/** An audit event as the named values of auditInsertWhen's statement (its placeholders). */
export type AuditValues = {
  readonly auditOccurredAt: string;
  readonly auditUserId: number | null;
  readonly auditInstitutionId: number | null;
  readonly auditIp: string | null;
  readonly auditAction: string;
  readonly auditResource: string;
  readonly auditResourceId: string | null;
  readonly auditOutcome: AuditOutcome;
  readonly auditReason: string | null;
  readonly auditRequestId: string | null;
};

export const auditValues = (event: AuditEvent): AuditValues => ({
  auditOccurredAt: event.occurredAt.toISOString(),
  auditUserId: event.userId,
  auditInstitutionId: event.institutionId,
  auditIp: event.ip,
  auditAction: event.action,
  auditResource: event.resource,
  auditResourceId: event.resourceId,
  auditOutcome: event.outcome,
  auditReason: event.reason ?? null,
  auditRequestId: event.requestId,
});

/**
 * One audit row, inserted only when `condition` holds, for a read that writes its own audit row
 * in its statement (a data-modifying WITH): the row and the answer come from one snapshot in
 * one round trip, and the statement commits both or neither, so an answer is never sent
 * without its row. The values are placeholders (auditValues), so the statement can be prepared.
 * PostgreSQL runs a data-modifying WITH to completion even when the main query never reads it.
 */
export const auditInsertWhen = (condition: SQL): SQL => sql`insert into audit_events (occurred_at, user_id, institution_id, ip, action, resource, resource_id, outcome, reason, request_id)
  select ${sql.placeholder("auditOccurredAt")}::timestamptz, ${sql.placeholder("auditUserId")}::int, ${sql.placeholder("auditInstitutionId")}::int, ${sql.placeholder("auditIp")}::text,
    ${sql.placeholder("auditAction")}::text, ${sql.placeholder("auditResource")}::text, ${sql.placeholder("auditResourceId")}::text, ${sql.placeholder("auditOutcome")}::text,
    ${sql.placeholder("auditReason")}::text, ${sql.placeholder("auditRequestId")}::text
  where ${condition}
  returning 1 as written`;
