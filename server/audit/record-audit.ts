import type { Database } from "../db/database.ts";
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

/**
 * Appends one event to the audit trail. Call it inside the same transaction as the change it
 * records, so a change is never without its audit row (nor an audit row without its change).
 */
export const recordAudit = async (db: Database, event: AuditEvent): Promise<void> => {
  await db.insert(auditEvents).values({ ...event, reason: event.reason ?? null });
};
