import type { FastifyInstance } from "fastify";
import { logoutEndpoint, refreshEndpoint } from "../../../domain/auth/auth-endpoints.ts";
import { signToken, verifyToken } from "../../auth/access-tokens.ts";
import { signInBlock } from "../../auth/accounts.ts";
import { authFailures } from "../../auth/auth-failures.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { credentialFor } from "../../auth/authorization-header.ts";
import { findRefreshToken, rotateRefreshToken } from "../../auth/refresh-tokens.ts";
import { endSession, loadSession, sessionTimeout, touchSession } from "../../auth/sessions.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { freshCurrentUser } from "../account/index.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { authTrail, noScope } from "../../http/open-route.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";

/** Anyone may call them (the refresh token or nothing is the credential); who it was is audited once looked up. */
const anyone = { access: { public: true }, caller: "public", audit: authTrail(), scope: noScope } as const;

/**
 * refresh: a new access token and a rotated refresh token, and the caller's own user record. The refresh token is the credential
 * (the client sends no Authorization header). Presenting a token that was already rotated is
 * reuse: someone else may hold a copy, so the whole session (newest token included) ends.
 * Every refusal is 401 ERROR_001: the client then signs the person out.
 *
 * logout: ends the refresh token's session at once (and the Bearer token's, when one is sent);
 * always 204, also for a token that is unknown or already ended.
 */
export const registerSessionRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock, keys } = deps;

  routeEndpoint(app, deps, refreshEndpoint, { ...anyone, rateLimit: IP_LIMITS.refresh, doc: { summary: "A new access token for a refresh token, which is rotated", scope: "none", errors: { 401: ["ERROR_001"] } } }, async ({ input: { body }, trail }, _request, reply) => {
    const now = clock.now();
    const stored = await findRefreshToken(db, body.refresh);
    if (stored === undefined) return replyWithFailure(reply, authFailures.sessionEnded("unknown refresh token"));
    const session = await loadSession(db, stored.sessionId);
    const who = { userId: stored.userId, institutionId: session?.institutionId ?? null, sessionId: stored.sessionId };

    const reuse = async () => {
      await endSession(db, stored.sessionId, "refresh_reuse", now);
      await trail({ ...who, action: "auth.refresh_reuse", outcome: "denied", reason: "rotated_token_presented" });
      return replyWithFailure(reply, authFailures.sessionEnded("refresh token reused: session ended"));
    };
    if (stored.replacedById !== null) return reuse();
    if (session === undefined || stored.revokedAt !== null || session.revokedAt !== null || session.stage !== "active") {
      await trail({ ...who, action: "auth.refresh", outcome: "denied", reason: "session_ended" });
      return replyWithFailure(reply, authFailures.sessionEnded("session ended"));
    }
    const timeout = stored.expiresAt <= now ? "absolute_timeout" : sessionTimeout(session, now);
    if (timeout !== undefined) {
      if (await endSession(db, session.id, timeout, now)) {
        await trail({ ...who, action: "auth.session_timeout", outcome: "denied", reason: timeout });
      }
      return replyWithFailure(reply, authFailures.sessionEnded(timeout));
    }
    if (signInBlock(session) !== undefined) {
      await endSession(db, session.id, "deactivated", now);
      await trail({ ...who, action: "auth.refresh", outcome: "denied", reason: "inactive" });
      return replyWithFailure(reply, authFailures.sessionEnded("account may not sign in"));
    }
    const next = await rotateRefreshToken(db, stored, now);
    if (next === undefined) return reuse();
    await touchSession(db, session, now);
    const access = await signToken(keys, clock, { userId: stored.userId, sessionId: session.id, scope: "access" });
    // The caller's own record (what GET users/{id}/ would answer with this access token), so a
    // reloaded tab does not queue one more request behind its code for it (issue 35).
    const user = await freshCurrentUser(db, stored.userId);
    return user === undefined ? { access, refresh: next } : { access, refresh: next, user };
  });

  routeEndpoint(app, deps, logoutEndpoint, { ...anyone, doc: { summary: "Ends the session of a refresh token", scope: "none", errors: {}, status: 204 } }, async ({ input: { body }, trail }, request, reply) => {
    const now = clock.now();
    const sessions = new Set<string>();
    const stored = await findRefreshToken(db, body.refresh_token);
    if (stored !== undefined) sessions.add(stored.sessionId);
    const bearer = credentialFor(request, "Bearer");
    const claims = bearer === undefined ? undefined : await verifyToken(keys, clock, bearer, "access");
    if (claims !== undefined) sessions.add(claims.sessionId);
    for (const sessionId of sessions) {
      const session = await loadSession(db, sessionId);
      if (session === undefined) continue;
      if (await endSession(db, sessionId, "sign_out", now)) {
        await trail({ action: "auth.sign_out", outcome: "success", userId: session.userId, institutionId: session.institutionId, sessionId });
      }
    }
    return reply.code(204).send();
  });
};
