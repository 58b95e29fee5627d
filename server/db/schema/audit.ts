import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { oneOf } from "./one-of.ts";
import { instant } from "./timestamps.ts";

export const AUDIT_OUTCOMES = ["success", "denied", "failure"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Old and new value of each changed field of a record (never a secret): { field: { from, to } }. */
export type AuditChanges = { readonly [field: string]: { readonly from: unknown; readonly to: unknown } };

/**
 * Who read or changed what, when, from where, and whether it was allowed. Append-only: a
 * trigger (migration 0001) rejects UPDATE, DELETE and TRUNCATE, so not even the application's
 * own database role can rewrite history. No foreign keys on purpose: an audit row must outlive
 * anything it mentions and must never be touched by a cascade. Each row is linked into its
 * institution's hash chain by the sealer (audit-chain.ts, docs/audit.md).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: instant("occurred_at").notNull(),
    userId: integer("user_id"),
    /** The user's role when it happened (a role code); null only when nobody is known. */
    role: text("role"),
    institutionId: integer("institution_id"),
    /** The patient whose data the row is about, when there is one. */
    patientId: integer("patient_id"),
    ip: text("ip"),
    /** The client's User-Agent header, cut to 512 characters. */
    userAgent: text("user_agent"),
    /** read, create, update, delete, sign_in, ... */
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    resourceId: text("resource_id"),
    outcome: text("outcome").$type<AuditOutcome>().notNull(),
    /** Why, from a fixed vocabulary (wrong_password, locked, inactive, ...); never a secret or free text. */
    reason: text("reason"),
    requestId: text("request_id"),
    /** For a change: the changed fields' old and new values (AuditChanges), never a secret. */
    changes: jsonb("changes").$type<AuditChanges>(),
  },
  (t) => [
    oneOf("audit_events_outcome_check", t.outcome, AUDIT_OUTCOMES),
    index("audit_events_resource_idx").on(t.resource, t.resourceId, t.occurredAt),
    index("audit_events_user_idx").on(t.userId, t.occurredAt),
    // "Who accessed this patient" (issue 38) reads by patient; only rows that name one are indexed.
    index("audit_events_patient_idx").on(t.patientId, t.occurredAt).where(sql`${t.patientId} is not null`),
    // The viewer (issue 38, docs/audit-viewer.md "Indexes"): an institution's log newest first by
    // keys, and the filters that are not a person's or a patient's (those have the two above).
    index("audit_events_institution_time_idx").on(t.institutionId, t.occurredAt, t.id),
    index("audit_events_institution_action_idx").on(t.institutionId, t.action, t.occurredAt, t.id),
    index("audit_events_institution_ip_idx").on(t.institutionId, t.ip, t.occurredAt, t.id),
    // Each order of the list but time's, as its keyset page compares it (sort value, then id;
    // server/features/audit/audit-cursor.ts): a page is then a short index range at any depth,
    // where the orders read and sorted all the institution's rows (1.4 s p95 at 1 M rows by IP).
    index("audit_events_order_person_idx").on(t.institutionId, sql`coalesce(${t.userId}, 0)`, t.id),
    index("audit_events_order_action_idx").on(t.institutionId, t.action, t.id),
    index("audit_events_order_kind_idx").on(t.institutionId, t.resource, t.id),
    index("audit_events_order_outcome_idx").on(t.institutionId, t.outcome, t.id),
    index("audit_events_order_ip_idx").on(t.institutionId, sql`coalesce(${t.ip}, '')`, t.id),
  ],
);
