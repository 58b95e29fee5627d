import type { FastifyRequest } from "fastify";
import * as Schema from "effect/Schema";
import { InstitutionId, StaffId, UserId } from "../../domain/shared/ids.ts";
import { normaliseRoleCode } from "../../domain/shared/roles.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import type { Authenticator, PreAuthenticator, Principal } from "../http/principal.ts";
import { type TokenScope, verifyToken } from "./access-tokens.ts";
import { signInBlock } from "./accounts.ts";
import { authTrailOf } from "./auth-audit.ts";
import type { AuthKeys } from "./auth-keys.ts";
import { credentialFor } from "./authorization-header.ts";
import { endSession, loadSession, sessionTimeout, touchSession } from "./sessions.ts";

export type AuthenticatorDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly keys: AuthKeys;
};

const toUserId = Schema.decodeUnknownSync(UserId);
const toInstitutionId = Schema.decodeUnknownSync(InstitutionId);
const toStaffId = Schema.decodeUnknownSync(StaffId);

/**
 * Who a token of the given scope speaks for: the signature and expiry are checked first, then
 * the session row (one indexed query joined with the person and their staff row), so a session
 * that was signed out, revoked, timed out or whose person was deactivated stops working at once.
 */
const principalFor = async (deps: AuthenticatorDeps, request: FastifyRequest, scope: TokenScope): Promise<Principal | undefined> => {
  const token = credentialFor(request, scope === "access" ? "Bearer" : "Token");
  if (token === undefined) return undefined;
  const now = deps.clock.now();
  const claims = await verifyToken(deps.keys, deps.clock, token, scope);
  if (claims === undefined) return undefined;
  const session = await loadSession(deps.db, claims.sessionId);
  const wantedStage = scope === "access" ? "active" : "pre_auth";
  if (session === undefined || session.userId !== claims.userId || session.stage !== wantedStage || session.revokedAt !== null) return undefined;
  const role = normaliseRoleCode(session.roleCode);
  if (role === undefined || signInBlock(session) !== undefined) return undefined;
  const timeout = sessionTimeout(session, now);
  if (timeout !== undefined) {
    if (await endSession(deps.db, session.id, timeout, now)) {
      // Noticed while checking the token, before any route opens: the request's own auth trail.
      await authTrailOf(deps, request)({
        action: "auth.session_timeout",
        outcome: "denied",
        userId: session.userId,
        institutionId: session.institutionId,
        sessionId: session.id,
        reason: timeout,
      });
    }
    return undefined;
  }
  if (scope === "access") await touchSession(deps.db, session, now);
  return {
    userId: toUserId(session.userId),
    role,
    institutionId: session.institutionId === null ? null : toInstitutionId(session.institutionId),
    sessionId: session.id,
    staffId: session.staffId === null ? null : toStaffId(session.staffId),
  };
};

/** The Bearer access-token check every protected route uses, and the Token check of the sign-in steps. */
export const createAuthenticators = (deps: AuthenticatorDeps): { readonly authenticator: Authenticator; readonly preAuthenticator: PreAuthenticator } => ({
  authenticator: (request) => principalFor(deps, request, "access"),
  preAuthenticator: (request) => principalFor(deps, request, "pre_auth"),
});
