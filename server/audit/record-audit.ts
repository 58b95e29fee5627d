import { sql } from "drizzle-orm";
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
