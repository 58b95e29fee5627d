import type { FastifyInstance } from "fastify";
import { validatePasswordChange } from "../../../domain/validators/password.ts";
import { AccountPasswordBody } from "../../../domain/wire/account.ts";
import { auditAuth } from "../../auth/auth-audit.ts";
import { replyLocked } from "../../auth/auth-failures.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { passwordRuleReason, passwordStrengthFailure, storePassword } from "../../auth/password-change.ts";
import { hashPassword, verifyPassword } from "../../auth/password-hash.ts";
import { revokeAllSessions } from "../../auth/sessions.ts";
import { guardKey, lockStatus, readGuard } from "../../auth/sign-in-guard.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import type { AuthRouteDeps } from "../auth/auth-route-deps.ts";
import { countFailure } from "../auth/count-failure.ts";
import { ACCOUNT_BASE } from "./account-base.ts";
import { accountCaller } from "./current-user.ts";

const decodeChange = decodeRequest(AccountPasswordBody, "body");

/** ERROR_005: the current password is wrong (the same words sign-in uses for a wrong password). */
const wrongOldPassword = () => apiFailure(400, "ERROR_005", "the current password is wrong", { field: "old_password" });

/** The notice sent after a change, so an owner who did not make it knows at once. */
export const passwordChangedEmail = (publicUrl: string) => ({
  subject: "Your portal password was changed",
  text: [
    "The password of your Speech Therapy Care Portal account was just changed, and every other signed-in session was ended.",
    "",
    "If this was you, there is nothing to do.",
    `If it was not you, reset your password now at ${publicUrl}/auth/forgot-password and tell your administrator.`,
  ].join("\n"),
});

/**
 * POST users/me/change_password/: a signed-in person changes their password (204). The rules are
 * change_pwd's; a wrong current password counts toward the account's password lock like a wrong
 * sign-in. Success ends every other session of the person (the caller's stays) and e-mails a notice.
 */
export const registerAccountPasswordRoute = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock } = deps;

  app.post(`${ACCOUNT_BASE}/change_password/`, { config: { access: { signedIn: true }, rateLimit: IP_LIMITS.verify } }, async (request, reply) => {
    const caller = await accountCaller(db, request, reply);
    if (caller === undefined) return reply;
    const now = clock.now();
    const { account, principal } = caller;
    const who = { userId: account.id, institutionId: account.institutionId, sessionId: principal.sessionId };
    const audit = (outcome: "success" | "failure" | "denied", reason: string) =>
      auditAuth(db, request, now, { ...who, action: "auth.password_change", outcome, reason });

    const body = decodeChange(request.body);
    if (!body.ok) {
      await audit("failure", "invalid_body");
      return replyWithFailure(reply, body.failure);
    }
    const { old_password: oldPassword, new_password: newPassword, new_password_confirmation: confirmation } = body.value;
    const rules = validatePasswordChange({ oldPassword, newPassword, confirmation });
    if (!rules.ok) {
      await audit("failure", passwordRuleReason(rules.code));
      return replyWithFailure(reply, fromDomainFailure(400, rules, "new password refused"));
    }
    const weak = passwordStrengthFailure(newPassword, account);
    if (weak !== undefined) {
      await audit("failure", "weak_password");
      return replyWithFailure(reply, weak);
    }
    const key = guardKey(account.email);
    const lock = lockStatus(await readGuard(db, key), now);
    if (lock.locked) {
      await audit("denied", lock.reason);
      return replyLocked(reply, lock);
    }
    if (account.passwordHash === null || !(await verifyPassword(account.passwordHash, oldPassword))) {
      const status = await countFailure(db, request, now, { ...who, guardKey: key, kind: "password", action: "auth.password_change", reason: "wrong_password" });
      if (status.locked) return replyLocked(reply, status);
      return replyWithFailure(reply, wrongOldPassword());
    }

    const hash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await storePassword(tx, account.id, hash, now);
      // Whoever else is signed in as this person got in with the old password.
      const ended = await revokeAllSessions(tx, account.id, { reason: "password_changed", now, exceptSessionId: principal.sessionId });
      await auditAuth(tx, request, now, { ...who, action: "auth.password_change", outcome: "success" });
      if (ended > 0) await auditAuth(tx, request, now, { ...who, action: "auth.sessions_revoked", outcome: "success", reason: "password_changed" });
    });
    await deps.mail.send({ to: account.email, ...passwordChangedEmail(deps.publicUrl) });
    return reply.code(204).send();
  });
};
