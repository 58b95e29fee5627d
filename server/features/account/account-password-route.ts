import type { FastifyInstance } from "fastify";
import { sendSecurityNotice } from "../../auth/security-notice.ts";
import { changeOwnPasswordEndpoint } from "../../../domain/account/account-endpoints.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { storePassword } from "../../auth/password-change.ts";
import { revokeAllSessions } from "../../auth/sessions.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { authTrail } from "../../http/open-route.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { checkPasswordChange } from "../../auth/password-change-checks.ts";
import { ownAccountScope } from "../../auth/own-account-scope.ts";

/** ERROR_005: the current password is wrong (the same words sign-in uses for a wrong password). */
const wrongOldPassword = () => apiFailure(400, "ERROR_005", "the current password is wrong", { field: "old_password" });

/**
 * POST users/me/change_password/: a signed-in person changes their password (204). The rules are
 * change_pwd's; a wrong current password counts toward the account's password lock like a wrong
 * sign-in. Success ends every other session of the person (the caller's stays) and e-mails a notice.
 */
export const registerAccountPasswordRoute = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock, passwordHashCost } = deps;

  routeEndpoint(app, deps, changeOwnPasswordEndpoint, { access: { signedIn: true }, audit: authTrail("auth.password_change"), scope: ownAccountScope(db), rateLimit: IP_LIMITS.verify, doc: { summary: "Changes one's own password; every other session of the person ends", scope: "caller", errors: { 400: ["ERROR_005", "ERROR_006", "ERROR_007", "ERROR_008", "ERROR_010"], 429: ["ERROR_012"] }, status: 204 } }, async ({ scope: account, principal, input: { body: passwords }, audit, trail }, request, reply) => {
    const now = clock.now();
    const hash = await checkPasswordChange({
      db,
      trail,
      reply,
      now,
      account,
      sessionId: principal.sessionId,
      passwords,
      audit: (outcome, reason) => audit(outcome, reason),
      wrongOldPassword,
      passwordHashCost,
    });
    if (hash === undefined) return reply;
    await db.transaction(async (tx) => {
      await storePassword(tx, account.id, hash, now);
      // Whoever else is signed in as this person got in with the old password.
      const ended = await revokeAllSessions(tx, account.id, { reason: "password_changed", now, exceptSessionId: principal.sessionId });
      await audit("success", null, undefined, tx);
      if (ended > 0) await trail({ action: "auth.sessions_revoked", outcome: "success", reason: "password_changed" }, tx);
    });
    await sendSecurityNotice(deps, request, account.email, "password_changed");
    return reply.code(204).send();
  });
};
