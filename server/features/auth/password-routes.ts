import type { FastifyInstance } from "fastify";
import { validatePasswordConfirmation, validatePasswordLength } from "../../../domain/shared/validators/password.ts";
import { changePwdEndpoint, checkResetTokenEndpoint, forgotPasswordEndpoint, resetPasswordEndpoint } from "../../../domain/auth/auth-endpoints.ts";
import { type AccountWithHash, findAccount, findAccountByEmail, signInBlock } from "../../auth/accounts.ts";
import { authFailures } from "../../auth/auth-failures.ts";
import { AUTH_POLICY, IP_LIMITS } from "../../auth/auth-policy.ts";
import { consumeResetToken, findResetToken, issueResetToken, type ResetTokenLookup } from "../../auth/one-time-codes.ts";
import { passwordRuleReason, passwordStrengthFailure, storePassword } from "../../auth/password-change.ts";
import { hashPassword, verifyPassword } from "../../auth/password-hash.ts";
import { revokeAllSessions } from "../../auth/sessions.ts";
import { clearGuard, guardKey } from "../../auth/sign-in-guard.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { checkPasswordChange } from "../../auth/password-change-checks.ts";
import { ownAccountScope } from "../../auth/own-account-scope.ts";
import { authTrail, noScope } from "../../http/open-route.ts";
import { sendSecurityNotice } from "../../auth/security-notice.ts";

const resetEmail = (link: string): string =>
  [
    "Someone asked to reset the password of your Speech Therapy Care Portal account.",
    "",
    `To choose a new password, open this link within ${AUTH_POLICY.resetTokenLifetimeMs / 60_000} minutes. It works once:`,
    link,
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");

/**
 * Why a reset link cannot set a password, or undefined while it can: the token must be known,
 * unused and in time, and its account one that may sign in and already has a password (an invited
 * person's way in is the invitation). The check and the reset refuse for the same reasons.
 */
const resetLinkRefusal = (found: ResetTokenLookup, account: AccountWithHash | undefined): string | undefined => {
  if (!found.ok) return found.reason;
  if (account === undefined) return "unknown_token";
  const block = signInBlock(account);
  if (block !== undefined) return block;
  return account.passwordHash === null ? "invitation_pending" : undefined;
};

/**
 * change_pwd (pre-authentication, when the sign-in says a change is due), forgot_password (always
 * 204, whether or not the address has an account) and reset_password (the e-mailed link).
 * reset_password/check answers whether the link still works before its page shows a form; it uses
 * nothing up, and every dead link gets the same ERROR_056, so it tells nothing about whose it was.
 * change_pwd's events go to the auth trail as auth.password_change, against the sign-in's session
 * (an invalid body included); the public two name who once the address or token is looked up.
 */
export const registerPasswordRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock, keys, passwordHashCost } = deps;

  routeEndpoint(app, deps, changePwdEndpoint, { access: { preAuth: true }, caller: "pre-auth", audit: authTrail("auth.password_change"), scope: ownAccountScope(db, "pre-auth"), doc: { summary: "The password change a sign-in must make before its second factor", scope: "caller", errors: { 400: ["ERROR_006", "ERROR_007", "ERROR_008", "ERROR_010", "ERROR_011"], 403: ["ERROR_011"] }, status: 204 } }, async ({ scope: account, principal: preAuth, input: { body: passwords }, audit, trail }, request, reply) => {
    const now = clock.now();

    if (!account.changePassword) {
      await audit("denied", "not_due");
      return replyWithFailure(reply, authFailures.passwordChangeNotDue());
    }
    const hash = await checkPasswordChange({
      db,
      trail,
      reply,
      now,
      account,
      sessionId: preAuth.sessionId,
      passwords,
      audit: (outcome, reason) => audit(outcome, reason),
      wrongOldPassword: authFailures.wrongOldPassword,
      passwordHashCost,
    });
    if (hash === undefined) return reply;
    await db.transaction(async (tx) => {
      await storePassword(tx, account.id, hash, now);
      // Any other session of this person was opened with the old password.
      await revokeAllSessions(tx, account.id, { reason: "password_changed", now, exceptSessionId: preAuth.sessionId });
      await audit("success", null, undefined, tx);
    });
    await sendSecurityNotice(deps, request, account.email, "password_changed");
    return reply.code(204).send();
  });

  routeEndpoint(
    app,
    deps,
    forgotPasswordEndpoint,
    { access: { public: true }, caller: "public", audit: authTrail(), scope: noScope, rateLimit: IP_LIMITS.forgotPassword, doc: { summary: "E-mails a password-reset link; the same answer whether or not the address has an account", scope: "none", errors: {}, status: 204 } },
    async ({ input: { body }, trail }, _request, reply) => {
      const now = clock.now();
      const account = await findAccountByEmail(db, body.email);
      // An invited person who has not accepted yet has no password to reset: their way in is the
      // invitation, which an administrator may have withdrawn (docs/invitations.md).
      const block = account === undefined ? undefined : (signInBlock(account) ?? (account.passwordHash === null ? "invitation_pending" : undefined));
      if (account === undefined || block !== undefined) {
        await trail({
          action: "auth.password_reset_request",
          outcome: "failure",
          userId: account?.id ?? null,
          institutionId: account?.institutionId ?? null,
          reason: account === undefined ? "unknown_email" : block,
        });
        return reply.code(204).send();
      }
      const token = await issueResetToken(db, keys, account.id, now);
      const link = `${deps.publicUrl}/auth/email-confirmation?token=${encodeURIComponent(token)}`;
      await deps.mail.send({ to: account.email, subject: "Reset your portal password", text: resetEmail(link) });
      await trail({ action: "auth.password_reset_request", outcome: "success", userId: account.id, institutionId: account.institutionId });
      return reply.code(204).send();
    },
  );

  routeEndpoint(
    app,
    deps,
    resetPasswordEndpoint,
    { access: { public: true }, caller: "public", audit: authTrail(), scope: noScope, rateLimit: IP_LIMITS.resetPassword, doc: { summary: "Sets a new password with the e-mailed reset token", scope: "none", errors: { 400: ["ERROR_006", "ERROR_007", "ERROR_008", "ERROR_010", "ERROR_056"] }, status: 204 } },
    async ({ input: { body }, trail }, request, reply) => {
      const now = clock.now();
      const { token, new_password: newPassword, new_password_confirmation: confirmation } = body;
      const found = await findResetToken(db, keys, token, now);
      const account = found.userId === null ? undefined : await findAccount(db, found.userId);
      const who = { userId: account?.id ?? null, institutionId: account?.institutionId ?? null };
      const refuse = async (reason: string) => {
        await trail({ ...who, action: "auth.password_reset", outcome: "failure", reason });
        return replyWithFailure(reply, authFailures.invalidResetToken(reason));
      };
      const refusal = resetLinkRefusal(found, account);
      if (refusal !== undefined || !found.ok || account === undefined) return refuse(refusal ?? "unknown_token");

      const length = validatePasswordLength(newPassword);
      const matches = validatePasswordConfirmation(newPassword, confirmation);
      const rule = !length.ok ? length : !matches.ok ? matches : undefined;
      if (rule !== undefined) {
        await trail({ ...who, action: "auth.password_reset", outcome: "failure", reason: passwordRuleReason(rule.code) });
        return replyWithFailure(reply, fromDomainFailure(400, rule, "new password refused"));
      }
      const weak = await passwordStrengthFailure(db, newPassword, account);
      if (weak !== undefined) {
        await trail({ ...who, action: "auth.password_reset", outcome: "failure", reason: "weak_password" });
        return replyWithFailure(reply, weak);
      }
      if (account.passwordHash !== null && (await verifyPassword(account.passwordHash, newPassword))) {
        await trail({ ...who, action: "auth.password_reset", outcome: "failure", reason: "same_password" });
        return replyWithFailure(reply, apiFailure(400, "ERROR_010", "same password", { field: "new_password" }));
      }
      const hash = await hashPassword(newPassword, passwordHashCost);
      const done = await db.transaction(async (tx) => {
        if (!(await consumeResetToken(tx, found.id, now))) return false;
        await storePassword(tx, account.id, hash, now);
        const ended = await revokeAllSessions(tx, account.id, { reason: "password_reset", now });
        await clearGuard(tx, guardKey(account.email));
        await trail({ ...who, action: "auth.password_reset", outcome: "success" }, tx);
        if (ended > 0) await trail({ ...who, action: "auth.sessions_revoked", outcome: "success", reason: "password_reset" }, tx);
        return true;
      });
      if (!done) return refuse("used_token");
      await sendSecurityNotice(deps, request, account.email, "password_reset");
      return reply.code(204).send();
    },
  );

  routeEndpoint(
    app,
    deps,
    checkResetTokenEndpoint,
    { access: { public: true }, caller: "public", audit: authTrail(), scope: noScope, rateLimit: IP_LIMITS.resetTokenCheck, doc: { summary: "Whether an e-mailed reset link still works, without using it up", scope: "none", errors: { 400: ["ERROR_056"] }, status: 204 } },
    async ({ input: { body }, trail }, _request, reply) => {
      const found = await findResetToken(db, keys, body.token, clock.now());
      const account = found.userId === null ? undefined : await findAccount(db, found.userId);
      const who = { userId: account?.id ?? null, institutionId: account?.institutionId ?? null };
      const refusal = resetLinkRefusal(found, account);
      if (refusal !== undefined) {
        await trail({ ...who, action: "auth.password_reset_check", outcome: "failure", reason: refusal });
        return replyWithFailure(reply, authFailures.invalidResetToken(refusal));
      }
      await trail({ ...who, action: "auth.password_reset_check", outcome: "success" });
      return reply.code(204).send();
    },
  );
};
