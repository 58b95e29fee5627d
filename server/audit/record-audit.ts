import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { preparedOnce } from "../db/prepared.ts";
import { type AuditChanges, type AuditOutcome, auditEvents } from "../db/schema/audit.ts";

export type AuditEvent = {
  readonly occurredAt: Date;
  readonly userId: number | null;
  /**
   * Their role code; null when the writer does not know it (a sign-in step that has just looked the
   * user up): the insert then reads it from the user's row, so a row that names a user names a role.
   */
  readonly role: string | null;
  readonly institutionId: number | null;
  /** The patient whose data it is about, when there is one (server/audit/audit-patient.ts). */
  readonly patientId: number | null;
  readonly ip: string | null;
  /** The client's User-Agent (auditRequestOf cuts it to 512 characters). */
  readonly userAgent: string | null;
  /** What was done: read, create, update, delete, sign_in, ... */
  readonly action: string;
  /** A resource of the permission vocabulary (patient, game_attempt, ...) or an auth subject. */
  readonly resource: string;
  readonly resourceId: string | null;
  readonly outcome: AuditOutcome;
  readonly requestId: string | null;
  /** Why, from a fixed vocabulary (wrong_password, locked, inactive, ...): never a secret, code or token. */
  readonly reason?: string | null;
  /** For a change: the changed fields' old and new values (server/audit/audit-changes.ts); never a secret. */
  readonly changes?: AuditChanges | null;
};

/** The columns every writer fills, in the order of placeholderValues. */
const AUDIT_COLUMNS = sql.raw(
  "occurred_at, user_id, role, institution_id, patient_id, ip, user_agent, action, resource, resource_id, outcome, reason, request_id, changes",
);

// The role from the user's row only when the writer passed none (an init plan: not run otherwise).
const roleOr = (role: SQL, userId: SQL): SQL => sql`coalesce(${role}::text, (select r.code from users u join roles r on r.id = u.role_id where u.id = ${userId}::int))`;

/** The event's values as named placeholders (prefix + field name), for statements that are prepared. */
const placeholderValues = (prefix: string, resourceId?: SQL): SQL => {
  const p = (name: string) => (name === "ResourceId" && resourceId !== undefined ? resourceId : sql`${sql.placeholder(`${prefix}${name}`)}`);
  return sql`${p("OccurredAt")}::timestamptz, ${p("UserId")}::int, ${roleOr(p("Role"), p("UserId"))},
    ${p("InstitutionId")}::int, ${p("PatientId")}::int, ${p("Ip")}::text, ${p("UserAgent")}::text, ${p("Action")}::text, ${p("Resource")}::text,
    ${p("ResourceId")}::text, ${p("Outcome")}::text, ${p("Reason")}::text, ${p("RequestId")}::text, ${p("Changes")}::jsonb`;
};

/** An audit event as the named values of a statement built on placeholderValues(prefix). */
const namedValues = (prefix: string, event: AuditEvent): Record<string, unknown> => ({
  [`${prefix}OccurredAt`]: event.occurredAt.toISOString(),
  [`${prefix}UserId`]: event.userId,
  [`${prefix}Role`]: event.role,
  [`${prefix}InstitutionId`]: event.institutionId,
  [`${prefix}PatientId`]: event.patientId,
  [`${prefix}Ip`]: event.ip,
  [`${prefix}UserAgent`]: event.userAgent,
  [`${prefix}Action`]: event.action,
  [`${prefix}Resource`]: event.resource,
  [`${prefix}ResourceId`]: event.resourceId,
  [`${prefix}Outcome`]: event.outcome,
  [`${prefix}Reason`]: event.reason ?? null,
  [`${prefix}RequestId`]: event.requestId,
  [`${prefix}Changes`]: event.changes === undefined || event.changes === null ? null : JSON.stringify(event.changes),
});

// Every audited request runs it: prepared once (server/db/prepared.ts). The time as ISO text:
// a placeholder carries no column type to turn a Date into one.
const auditInsert = preparedOnce((db) => {
  const p = (name: string) => sql`${sql.placeholder(`e${name}`)}`;
  return db
    .insert(auditEvents)
    .values({
      occurredAt: sql`${sql.placeholder("eOccurredAt")}::timestamptz`,
      userId: p("UserId"),
      role: roleOr(p("Role"), p("UserId")),
      institutionId: p("InstitutionId"),
      patientId: p("PatientId"),
      ip: p("Ip"),
      userAgent: p("UserAgent"),
      action: p("Action"),
      resource: p("Resource"),
      resourceId: p("ResourceId"),
      outcome: p("Outcome"),
      requestId: p("RequestId"),
      reason: p("Reason"),
      changes: sql`${sql.placeholder("eChanges")}::jsonb`,
    })
    .prepare("audit_event_insert");
});

/**
 * Appends one event to the audit trail. Call it inside the same transaction as the change it
 * records, so a change is never without its audit row (nor an audit row without its change).
 */
export const recordAudit = async (db: Database, event: AuditEvent): Promise<void> => {
  await auditInsert(db).execute(namedValues("e", event));
};

/**
 * Appends the same event for each of many records, in the order given, as one statement (a call
 * that changes hundreds of records writes one row each without a query each). The same rule as
 * recordAudit: inside the transaction of the change. `patientIds`, when given, pairs each record
 * with its patient (the same index).
 */
export const recordAuditForEach = async (
  db: Database,
  event: Omit<AuditEvent, "resourceId" | "patientId">,
  resourceIds: readonly string[],
  patientIds?: readonly (number | null)[],
): Promise<void> => {
  const patients = patientIds ?? resourceIds.map(() => null);
  await db.execute(sql`
    insert into audit_events (${AUDIT_COLUMNS})
    select ${event.occurredAt.toISOString()}::timestamptz, ${event.userId}::int, ${roleOr(sql`${event.role}`, sql`${event.userId}`)},
      ${event.institutionId}::int, r.patient_id, ${event.ip}::text, ${event.userAgent}::text, ${event.action}::text, ${event.resource}::text,
      r.id, ${event.outcome}::text, ${event.reason ?? null}::text, ${event.requestId}::text,
      ${event.changes === undefined || event.changes === null ? null : JSON.stringify(event.changes)}::jsonb
    from unnest(${sql.param([...resourceIds])}::text[], ${sql.param([...patients])}::int[]) with ordinality as r(id, patient_id, position)
    order by r.position`);
};

/** An audit event as the named values of auditInsertWhen's statement (its placeholders). */
export type AuditValues = Readonly<Record<string, unknown>>;

export const auditValues = (event: AuditEvent): AuditValues => namedValues("audit", event);

/**
 * One audit row for each row of `source` (a WITH of the same statement), its resource id taken
 * from that row (`resourceId`, an expression over it): a write that makes its record's id in the
 * statement (a session arriving from a device) writes its audit row there too. The other values
 * are placeholders (auditValues; its resource id is not used).
 */
export const auditInsertFromRow = (source: SQL, resourceId: SQL): SQL => sql`insert into audit_events (${AUDIT_COLUMNS})
  select ${placeholderValues("audit", resourceId)}
  from ${source}
  returning 1 as id`;

/**
 * One audit row, inserted only when `condition` holds, for a read that writes its own audit row
 * in its statement (a data-modifying WITH): the row and the answer come from one snapshot in
 * one round trip, and the statement commits both or neither, so an answer is never sent
 * without its row. The values are placeholders (auditValues), so the statement can be prepared.
 * PostgreSQL runs a data-modifying WITH to completion even when the main query never reads it.
 */
export const auditInsertWhen = (condition: SQL): SQL => sql`insert into audit_events (${AUDIT_COLUMNS})
  select ${placeholderValues("audit")}
  where ${condition}
  returning 1 as written`;

/**
 * auditInsertWhen as the WITH named `audit` of a read's own statement (its `written` says whether
 * the row went in): `db.with(auditWith(db, condition))`, the values as auditValues.
 */
export const auditWith = (db: Database, condition: SQL) => db.$with("audit", { written: sql<number>`written` }).as(auditInsertWhen(condition));
