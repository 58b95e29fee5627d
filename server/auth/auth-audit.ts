import type { FastifyRequest } from "fastify";
import { isAnonymousRefusal } from "../../domain/auth/anonymous-refusals.ts";
import { recordAnonymousRefusal } from "../audit/record-anonymous-refusal.ts";
import { auditRequestOf } from "../audit/audit-request.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Clock } from "../clock.ts";
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
  // The reset page asking whether its link still works (nothing is used up).
  "auth.password_reset_check",
  "auth.refresh",
  "auth.refresh_reuse",
  "auth.session_timeout",
  "auth.sign_out",
  "auth.sessions_revoked",
  // Account settings (server/features/account/): a fresh code confirming a change of second factors.
  "auth.mfa_step_up",
  "auth.mfa_default_changed",
  "auth.mfa_removed",
  // Invitations (server/features/invitations/): a link looked up, and accepted with a new password.
  "auth.invitation_lookup",
  "auth.invitation_accept",
] as const;
export type AuthAuditAction = (typeof AUTH_AUDIT_ACTIONS)[number];

/** Whose sign-in or session an event is about, known once the handler has looked them up. */
export type AuthEventWho = {
  readonly userId: number | null;
  /** Their role code when the writer knows it; otherwise the insert reads it from the user's row. */
  readonly role?: string | null;
  readonly institutionId: number | null;
  /** The auth session, when there is one (its id is not a credential: tokens are signed). */
  readonly sessionId?: string | null;
};

export type AuthAuditEntry = AuthEventWho & {
  readonly action: AuthAuditAction;
  readonly outcome: AuditOutcome;
  /** From a fixed vocabulary; never a password, code or token. */
  readonly reason?: string | null;
};

/**
 * The auth trail of one request: appends a named event with the request's time, IP and id; the
 * resource is the auth session. `within` is the transaction a change is written in, so the row
 * commits with it. Handlers get it bound by their opening (server/http/open-route.ts); the helpers
 * they call (count-failure.ts, sign-in-factor-guard.ts, ...) receive it rather than the request.
 */
export type AuthTrail = (entry: AuthAuditEntry, within?: Database) => Promise<void>;

/**
 * The one writer of auth events, bound to a request: openRoute's for handlers, the authenticator's
 * for session timeouts. A refused attempt that named no account (an unknown address, a link that
 * leads nowhere) is counted in its address's hourly summary instead of a row of its own (issue 31).
 */
export const authTrailOf =
  (deps: { readonly db: Database; readonly clock: Clock }, request: FastifyRequest): AuthTrail =>
  (entry, within = deps.db) =>
    isAnonymousRefusal(entry)
      ? recordAnonymousRefusal(within, { occurredAt: deps.clock.now(), ip: request.ip, action: entry.action, outcome: entry.outcome, reason: entry.reason ?? null })
      : recordAudit(within, {
          occurredAt: deps.clock.now(),
          userId: entry.userId,
          role: entry.role ?? null,
          institutionId: entry.institutionId,
          patientId: null,
          ...auditRequestOf(request),
          action: entry.action,
          resource: "auth_session",
          resourceId: entry.sessionId ?? null,
          outcome: entry.outcome,
          reason: entry.reason ?? null,
        });
