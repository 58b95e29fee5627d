import { sql } from "drizzle-orm";
import { anonymousRefusalWindow } from "../../domain/auth/anonymous-refusals.ts";
import type { Database } from "../db/database.ts";
import { anonymousRefusals } from "../db/schema/anonymous-refusals.ts";

export type AnonymousRefusal = {
  readonly occurredAt: Date;
  /** The client's address (request.ip); the summary's key, with the action, outcome, reason and hour. */
  readonly ip: string;
  /** The audit action the attempt would have been recorded under (auth.password, mobile.device_auth, ...). */
  readonly action: string;
  readonly outcome: "denied" | "failure";
  /** From the audit trail's fixed vocabulary; never a secret, code, token or the address tried. */
  readonly reason: string | null;
};

/**
 * Counts a refused attempt that named no account in its hour's summary (one upsert), instead of an
 * audit_events row each (domain/auth/anonymous-refusals.ts): concurrent attempts each add one.
 */
export const recordAnonymousRefusal = async (db: Database, refusal: AnonymousRefusal): Promise<void> => {
  await db
    .insert(anonymousRefusals)
    .values({
      windowStart: anonymousRefusalWindow(refusal.occurredAt),
      ip: refusal.ip,
      action: refusal.action,
      outcome: refusal.outcome,
      reason: refusal.reason ?? "",
      count: 1,
      firstAt: refusal.occurredAt,
      lastAt: refusal.occurredAt,
    })
    .onConflictDoUpdate({
      target: [anonymousRefusals.windowStart, anonymousRefusals.ip, anonymousRefusals.action, anonymousRefusals.outcome, anonymousRefusals.reason],
      set: { count: sql`${anonymousRefusals.count} + 1`, lastAt: sql`greatest(${anonymousRefusals.lastAt}, excluded.last_at)` },
    });
};
