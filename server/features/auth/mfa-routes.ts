import type { FastifyInstance, FastifyReply } from "fastify";
import { createMfaEndpoint, resendOtpEndpoint, totpQrEndpoint } from "../../../domain/auth/auth-endpoints.ts";
import { toSmsPhone } from "../../../domain/shared/validators/phone.ts";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { phoneUsedByAnother } from "../../auth/accounts.ts";
import type { AccountCaller } from "../../auth/own-account-scope.ts";
import type { AuthTrail } from "../../auth/auth-audit.ts";
import { authFailures, replyTooMany } from "../../auth/auth-failures.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { findEnrolment, startEnrolment } from "../../auth/mfa-enrolments.ts";
import { refusedSignInFactorStep } from "../../auth/sign-in-factor-guard.ts";
import { issueSignInCode, resendWaitSeconds } from "../../auth/one-time-codes.ts";
import { newTotpSecret, totpUrl } from "../../auth/totp.ts";
import { type ApiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { codeEmail, codeSms } from "./code-messages.ts";
import { signInStep } from "./sign-in-step.ts";

type Caller = AccountCaller;

/**
 * Whether a code was sent for this sign-in and method less than the cooldown ago; if so it has
 * answered 429 ERROR_012 with Retry-After.
 */
const coolingDown = async (
  deps: AuthRouteDeps,
  trail: AuthTrail,
  reply: FastifyReply,
  caller: Caller,
  channel: "email" | "sms",
): Promise<boolean> => {
  const now = deps.clock.now();
  const wait = await resendWaitSeconds(deps.db, caller.principal.sessionId, channel, now);
  if (wait === 0) return false;
  await trail({
    action: "auth.code_sent",
    outcome: "denied",
    userId: caller.account.id,
    institutionId: caller.account.institutionId,
    sessionId: caller.principal.sessionId,
    reason: "cooldown",
  });
  replyTooMany(reply, wait, "code resend cooldown");
  return true;
};

/**
 * A new e-mail or SMS code for this sign-in (earlier ones stop working), sent and audited; the
 * failure to answer when an SMS could not be sent.
 */
const sendCode = async (
  deps: AuthRouteDeps,
  trail: AuthTrail,
  caller: Caller,
  target: { readonly channel: "email" | "sms"; readonly to: string },
): Promise<ApiFailure | undefined> => {
  const now = deps.clock.now();
  const { principal: preAuth, account } = caller;
  const code = await issueSignInCode(deps.db, deps.keys, { userId: account.id, sessionId: preAuth.sessionId, channel: target.channel, now });
  const who = { userId: account.id, institutionId: account.institutionId, sessionId: preAuth.sessionId };
  if (target.channel === "email") await deps.mail.send({ to: target.to, ...codeEmail(code) });
  else {
    const { delivery } = await deps.sms.send({ to: target.to, text: codeSms(code) });
    if (delivery === "failed" || delivery === "unavailable") {
      await trail({ ...who, action: "auth.code_sent", outcome: "failure", reason: `sms_${delivery}` });
      return authFailures.smsNotSent(delivery === "unavailable");
    }
  }
  await trail({ ...who, action: "auth.code_sent", outcome: "success", reason: target.channel });
  return undefined;
};

/**
 * create_mfa, qr and re_send: setting up a second factor during sign-in (pre-authentication
 * token only). create_mfa sends the first e-mail or SMS code itself; an authenticator app gets a
 * secret that qr shows until the first right code confirms it.
 */
export const registerMfaSetupRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock } = deps;
  const step = signInStep(deps);

  routeEndpoint(app, deps, createMfaEndpoint, { ...step, rateLimit: IP_LIMITS.sendCode, doc: { summary: "Starts setting up a second factor during sign-in: e-mail and SMS get a code, an app a secret (see qr)", scope: "caller", errors: { 400: ["ERROR_002", "ERROR_013", "ERROR_015", "ERROR_021"], 401: ["ERROR_001"], 429: ["ERROR_012"], 502: ["ERROR_014"], 503: ["ERROR_014"] }, status: 204 } }, async ({ principal: preAuth, scope: account, input: { body }, trail }, _request, reply) => {
    const now = clock.now();
    const caller: Caller = { principal: preAuth, account };
    const method: MfaMethod = body.mfa_option;
    const who = { userId: account.id, institutionId: account.institutionId, sessionId: preAuth.sessionId };
    const refuse = async (reason: string, failure: ReturnType<typeof authFailures.methodConfirmed>) => {
      await trail({ ...who, action: "auth.mfa_enrolment", outcome: "failure", reason });
      return replyWithFailure(reply, failure);
    };

    const mustPass = await refusedSignInFactorStep(deps, trail, caller, "set_up", method);
    if (mustPass !== undefined) return replyWithFailure(reply, mustPass);
    const existing = await findEnrolment(db, deps.keys, account.id, method);
    if (existing?.confirmedAt != null) return refuse("already_confirmed", authFailures.methodConfirmed());

    if (method === "app") {
      await startEnrolment(db, deps.keys, { userId: account.id, method, totpSecret: newTotpSecret(), now });
      await trail({ ...who, action: "auth.mfa_enrolment", outcome: "success", reason: method });
      return reply.code(204).send();
    }
    if (method === "sms") {
      const phone = toSmsPhone(body.phone);
      if (!phone.ok) return refuse(phone.code === "ERROR_013" ? "missing_phone" : "invalid_phone", fromDomainFailure(400, phone, "phone refused"));
      if (await phoneUsedByAnother(db, account.id, phone.value)) return refuse("phone_taken", authFailures.phoneTaken());
      if (await coolingDown(deps, trail, reply, caller, "sms")) return reply;
      await startEnrolment(db, deps.keys, { userId: account.id, method, phone: phone.value, now });
      await trail({ ...who, action: "auth.mfa_enrolment", outcome: "success", reason: method });
      const notSent = await sendCode(deps, trail, caller, { channel: "sms", to: phone.value });
      return notSent === undefined ? reply.code(204).send() : replyWithFailure(reply, notSent);
    }
    if (await coolingDown(deps, trail, reply, caller, "email")) return reply;
    await startEnrolment(db, deps.keys, { userId: account.id, method, now });
    await trail({ ...who, action: "auth.mfa_enrolment", outcome: "success", reason: method });
    const notSent = await sendCode(deps, trail, caller, { channel: "email", to: account.email });
    return notSent === undefined ? reply.code(204).send() : replyWithFailure(reply, notSent);
  });

  routeEndpoint(app, deps, totpQrEndpoint, { ...step, doc: { summary: "The authenticator secret and otpauth:// link while the app is being set up", scope: "caller", errors: { 400: ["ERROR_015", "ERROR_017"], 401: ["ERROR_001"] } } }, async ({ principal, scope: account, trail }, _request, reply) => {
    const caller: Caller = { principal, account };
    const mustPass = await refusedSignInFactorStep(deps, trail, caller, "show_secret", "app");
    if (mustPass !== undefined) return replyWithFailure(reply, mustPass);
    const enrolment = await findEnrolment(db, deps.keys, caller.account.id, "app");
    if (enrolment === undefined || enrolment.totpSecret === null) return replyWithFailure(reply, authFailures.methodNotConfigured());
    // A confirmed secret is never shown again: the QR code is for setting up, not for copying.
    if (enrolment.confirmedAt !== null) return replyWithFailure(reply, authFailures.methodConfirmed());
    return { secret: enrolment.totpSecret, url: totpUrl(enrolment.totpSecret, caller.account.email) };
  });

  routeEndpoint(app, deps, resendOtpEndpoint, { ...step, rateLimit: IP_LIMITS.sendCode, doc: { summary: "Sends a new sign-in code by e-mail or SMS (one per 30 s per sign-in)", scope: "caller", errors: { 400: ["ERROR_009", "ERROR_017"], 401: ["ERROR_001"], 429: ["ERROR_012"], 502: ["ERROR_014"], 503: ["ERROR_014"] }, status: 204 } }, async ({ principal, scope: account, input: { body }, trail }, _request, reply) => {
    const caller: Caller = { principal, account };
    const method = body.mfa_option;
    if (method === "app") return replyWithFailure(reply, authFailures.nothingToSend());
    const notConfirmed = await refusedSignInFactorStep(deps, trail, caller, "send_code", method);
    if (notConfirmed !== undefined) return replyWithFailure(reply, notConfirmed);
    const enrolment = await findEnrolment(db, deps.keys, caller.account.id, method);
    const to = method === "email" ? caller.account.email : (enrolment?.phone ?? caller.account.phone);
    if (enrolment === undefined || to === null) return replyWithFailure(reply, authFailures.methodNotConfigured());
    if (await coolingDown(deps, trail, reply, caller, method)) return reply;
    const notSent = await sendCode(deps, trail, caller, { channel: method, to });
    return notSent === undefined ? reply.code(204).send() : replyWithFailure(reply, notSent);
  });
};
