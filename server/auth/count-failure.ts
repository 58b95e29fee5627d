import type { AuthAuditAction, AuthTrail } from "./auth-audit.ts";
import { type FailureKind, type LockStatus, recordFailure } from "./sign-in-guard.ts";
import type { Database } from "../db/database.ts";

/**
 * Counts a wrong password or code toward the account's limits and audits it on the route's auth
 * trail; when the count starts a lock, the lock is audited too (auth.lockout). Returns whether
 * sign-in is now refused.
 */
export const countFailure = async (
  db: Database,
  trail: AuthTrail,
  now: Date,
  failure: {
    readonly guardKey: string;
    readonly kind: FailureKind;
    readonly action: AuthAuditAction;
    readonly reason: string;
    readonly userId: number | null;
    readonly institutionId: number | null;
    readonly sessionId?: string | null;
  },
): Promise<LockStatus> => {
  const { lockStarted, status } = await recordFailure(db, failure.guardKey, failure.kind, now);
  const who = { userId: failure.userId, institutionId: failure.institutionId, sessionId: failure.sessionId ?? null };
  await trail({ ...who, action: failure.action, outcome: "failure", reason: failure.reason });
  if (lockStarted !== undefined) await trail({ ...who, action: "auth.lockout", outcome: "denied", reason: lockStarted });
  return status;
};
