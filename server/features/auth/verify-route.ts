import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { verifyOtpEndpoint } from "../../../domain/auth/auth-endpoints.ts";
import { signToken } from "../../auth/access-tokens.ts";
import { authUserOf, findAccount, phoneUsedByAnother } from "../../auth/accounts.ts";
import { authFailures, replyLocked, replyTooMany } from "../../auth/auth-failures.ts";
import { AUTH_POLICY, IP_LIMITS } from "../../auth/auth-policy.ts";
import { refusedSignInFactorStep } from "../../auth/sign-in-factor-guard.ts";
import { claimTotpStep, confirmEnrolment, findEnrolment } from "../../auth/mfa-enrolments.ts";
import { type CodeCheck, checkSignInCode } from "../../auth/one-time-codes.ts";
import { issueRefreshToken } from "../../auth/refresh-tokens.ts";
import { activateSession, countCodeFailure, endSession } from "../../auth/sessions.ts";
import { clearGuard, guardKey, lockStatus, readGuard } from "../../auth/sign-in-guard.ts";
import { matchTotp } from "../../auth/totp.ts";
import { administrators, staff, users } from "../../db/schema/users.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { countFailure } from "../../auth/count-failure.ts";
import { sendSecurityNotice } from "../../auth/security-notice.ts";
import { signInStep } from "./sign-in-step.ts";

type Check = CodeCheck | "reused_code";

/**
 * totp/verify: the second factor. A right code turns the pre-authenticated session into a full
 * one (access and refresh tokens), confirms a method being set up (the first becomes the
 * default) and activates a pending account. A wrong one counts toward the sign-in's and the
 * account's limits: 400 ERROR_019, or 429 ERROR_012 once a limit is reached.
 */
export const registerVerifyRoute = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock, keys } = deps;
  routeEndpoint(app, deps, verifyOtpEndpoint, { ...signInStep(deps), rateLimit: IP_LIMITS.verify, doc: { summary: "Checks the second-factor code and opens the full session", scope: "caller", errors: { 400: ["ERROR_017", "ERROR_019", "ERROR_021"], 401: ["ERROR_001"], 403: ["ERROR_011"], 429: ["ERROR_012"] } } }, async ({ principal: preAuth, scope: account, input: { body }, trail }, request, reply) => {
    const now = clock.now();
    const caller = { principal: preAuth, account };
    const { mfa_option: method, otp_code: code } = body;
    const who = { userId: account.id, institutionId: account.institutionId, sessionId: preAuth.sessionId };

    if (account.changePassword) {
      await trail({ ...who, action: "auth.mfa", outcome: "denied", reason: "password_change_due" });
      return replyWithFailure(reply, authFailures.passwordChangeFirst());
    }
    const key = guardKey(account.email);
    const lock = lockStatus(await readGuard(db, key), now);
    if (lock.locked) {
      await trail({ ...who, action: "auth.mfa", outcome: "denied", reason: lock.reason });
      return replyLocked(reply, lock);
    }
    const notConfirmed = await refusedSignInFactorStep(deps, trail, caller, "verify", method);
    if (notConfirmed !== undefined) return replyWithFailure(reply, notConfirmed);
    const enrolment = await findEnrolment(db, deps.keys, account.id, method);
    if (enrolment === undefined || (method === "app" && enrolment.totpSecret === null) || (method === "sms" && enrolment.phone === null && account.phone === null)) {
      await trail({ ...who, action: "auth.mfa", outcome: "failure", reason: "not_configured" });
      return replyWithFailure(reply, authFailures.methodNotConfigured());
    }

    let check: Check;
    if (method === "app") {
      const step = enrolment.totpSecret === null ? undefined : matchTotp(enrolment.totpSecret, account.email, code, now);
      check = step === undefined ? "wrong_code" : (await claimTotpStep(db, enrolment.id, step)) ? "ok" : "reused_code";
    } else {
      check = await checkSignInCode(db, keys, { sessionId: preAuth.sessionId, channel: method, code, now });
    }

    if (check !== "ok") {
      const inSession = await countCodeFailure(db, preAuth.sessionId);
      const status = await countFailure(db, trail, now, { ...who, guardKey: key, kind: "code", action: "auth.mfa", reason: check });
      if (inSession >= AUTH_POLICY.maxCodeFailuresPerSession) {
        if (await endSession(db, preAuth.sessionId, "too_many_codes", now)) {
          await trail({ ...who, action: "auth.lockout", outcome: "denied", reason: "session_code_failures" });
        }
        return replyTooMany(reply, undefined, "too many wrong codes in this sign-in: sign in again");
      }
      if (status.locked) return replyLocked(reply, status);
      return replyWithFailure(reply, authFailures.wrongCode(check));
    }

    const confirming = enrolment.confirmedAt === null;
    const smsPhone = method === "sms" ? (enrolment.phone ?? account.phone) : null;
    if (confirming && smsPhone !== null && (await phoneUsedByAnother(db, account.id, smsPhone))) {
      await trail({ ...who, action: "auth.mfa_enrolment", outcome: "failure", reason: "phone_taken" });
      return replyWithFailure(reply, authFailures.phoneTaken());
    }

    const refresh = await db.transaction(async (tx) => {
      const expiresAt = await activateSession(tx, preAuth.sessionId, now);
      if (expiresAt === undefined) return undefined;
      if (confirming) {
        await confirmEnrolment(tx, enrolment.id, now);
        if (smsPhone !== null) await tx.update(users).set({ phone: smsPhone }).where(eq(users.id, account.id));
        await trail({ ...who, action: "auth.mfa_confirmed", outcome: "success", reason: method }, tx);
      }
      await tx
        .update(users)
        .set({ lastSignInAt: now, ...(account.defaultMfaMethod === null ? { defaultMfaMethod: method } : {}) })
        .where(eq(users.id, account.id));
      // A new account is pending until its first complete sign-in (domain/shared/statuses).
      await tx.update(administrators).set({ status: "active" }).where(and(eq(administrators.userId, account.id), eq(administrators.status, "pending")));
      await tx.update(staff).set({ status: "active" }).where(and(eq(staff.userId, account.id), eq(staff.status, "pending")));
      await clearGuard(tx, key);
      await trail({ ...who, action: "auth.mfa", outcome: "success", reason: method }, tx);
      return issueRefreshToken(tx, { userId: account.id, sessionId: preAuth.sessionId, expiresAt, now });
    });
    if (refresh === undefined) return replyWithFailure(reply, authFailures.sessionEnded("the sign-in ended meanwhile"));
    if (confirming) await sendSecurityNotice(deps, request, account.email, "factor_added", method);

    const accessToken = await signToken(keys, clock, { userId: account.id, sessionId: preAuth.sessionId, scope: "access" });
    const signedIn = (await findAccount(db, account.id)) ?? account;
    return { access_token: accessToken, refresh_token: refresh.token, user: await authUserOf(db, signedIn) };
  });
};
