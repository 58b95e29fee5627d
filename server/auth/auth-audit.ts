import type { FastifyRequest } from "fastify";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/database.ts";
import type { AuditOutcome } from "../db/schema/audit.ts";

/** The names of sign-in and session events in the audit trail (docs/security.md lists them). */
export const AUTH_AUDIT_ACTIONS = [
  "auth.password",
  "auth.mfa",
  "auth.lockout",
  "auth.code_sent",
  "auth.mfa_enrolment",
  "auth.mfa_confirmed",
  "auth.password_change",
  "auth.password_reset_request",
  "auth.password_reset",
  "auth.refresh",
  "auth.refresh_reuse",
  "auth.session_timeout",
  "auth.sign_out",
  "auth.sessions_revoked",
  // Account settings (server/features/account/): a fresh code confirming a change of second factors.
  "auth.mfa_step_up",
  "auth.mfa_default_changed",
  "auth.mfa_removed",
] as const;
export type AuthAuditAction = (typeof AUTH_AUDIT_ACTIONS)[number];

export type AuthAuditEntry = {
  readonly action: AuthAuditAction;
  readonly outcome: AuditOutcome;
  readonly userId: number | null;
  readonly institutionId: number | null;
  /** The auth session, when there is one (its id is not a credential: tokens are signed). */
  readonly sessionId?: string | null;
  /** From a fixed vocabulary; never a password, code or token. */
  readonly reason?: string | null;
};

/** Appends an auth event with the request's time, IP and id; the resource is the auth session. */
export const auditAuth = (db: Database, request: FastifyRequest, now: Date, entry: AuthAuditEntry): Promise<void> =>
  recordAudit(db, {
    occurredAt: now,
    userId: entry.userId,
    institutionId: entry.institutionId,
    ip: request.ip,
    action: entry.action,
    resource: "auth_session",
    resourceId: entry.sessionId ?? null,
    outcome: entry.outcome,
    requestId: request.id,
    reason: entry.reason ?? null,
  });
