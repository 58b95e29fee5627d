import type { FastifyReply } from "fastify";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import type { AuthAuditAction, AuthTrail } from "../../auth/auth-audit.ts";
import { authFailures, replyLocked, replyTooMany } from "../../auth/auth-failures.ts";
import { AUTH_POLICY } from "../../auth/auth-policy.ts";
import { claimTotpStep, type Enrolment, findEnrolment } from "../../auth/mfa-enrolments.ts";
import { checkSignInCode, issueSignInCode, resendWaitSeconds, type SessionCodePurpose } from "../../auth/one-time-codes.ts";
import { guardKey, lockStatus, readGuard } from "../../auth/sign-in-guard.ts";
import { matchTotp } from "../../auth/totp.ts";
import { type ApiFailure, replyWithFailure } from "../../http/api-failure.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { countFailure } from "../../auth/count-failure.ts";
import type { AccountCaller } from "../../auth/own-account-scope.ts";

const minutes = AUTH_POLICY.codeLifetimeMs / 60_000;

/**
 * The code e-mail of account settings. "Your verification code is 123456" is a contract like the
 * sign-in phrase: tests read the code from the outbox with it. It says what the code is for, so a
 * person who did not ask knows their session is being used.
 */
export const stepUpEmail = (code: string) => ({
  subject: "Your verification code",
  text: [
    `Your verification code is ${code}.`,
    "",
    `It confirms a change to the sign-in security of your account. It expires in ${minutes} minutes and works once.`,
    "If you are not changing your security settings right now, sign out everywhere and change your password.",
  ].join("\n"),
});

export const stepUpSms = (code: string): string =>
  `Your verification code is ${code}. It confirms a security change and expires in ${minutes} minutes. Never share it. - Speech Therapy Care Portal`;

/**
 * Every code account settings sends is of this purpose, apart from sign-in codes. Step-up codes
 * and codes for a method being added never meet: a step-up needs the method confirmed, adding
 * needs it not, and issuing a code voids the unused older one of the same session and method.
 */
const SETTINGS_CODES: SessionCodePurpose = "mfa_enrolment";

const whoOf = (caller: AccountCaller) => ({
  userId: caller.account.id,
  institutionId: caller.account.institutionId,
  sessionId: caller.principal.sessionId,
});

/**
 * Whether a code was sent by this channel in this session less than the cooldown ago; if so it has
 * answered 429 ERROR_012 with Retry-After and audited the refusal.
 */
export const stepUpCoolingDown = async (
  deps: AuthRouteDeps,
  trail: AuthTrail,
  reply: FastifyReply,
  caller: AccountCaller,
  channel: "email" | "sms",
): Promise<boolean> => {
  const now = deps.clock.now();
  const wait = await resendWaitSeconds(deps.db, caller.principal.sessionId, channel, now, SETTINGS_CODES);
  if (wait === 0) return false;
  await trail({ ...whoOf(caller), action: "auth.code_sent", outcome: "denied", reason: "cooldown" });
  replyTooMany(reply, wait, "code resend cooldown");
  return true;
};

/**
 * A new settings code for this session and channel (the unused older one stops working), sent
 * and audited; the failure to answer when an SMS could not be sent.
 */
export const sendSessionCode = async (
  deps: AuthRouteDeps,
  trail: AuthTrail,
  caller: AccountCaller,
  target: { readonly channel: "email" | "sms"; readonly to: string },
): Promise<ApiFailure | undefined> => {
  const now = deps.clock.now();
  const code = await issueSignInCode(deps.db, deps.keys, {
    userId: caller.account.id,
    sessionId: caller.principal.sessionId,
    channel: target.channel,
    purpose: SETTINGS_CODES,
    now,
  });
  if (target.channel === "email") await deps.mail.send({ to: target.to, ...stepUpEmail(code) });
  else {
    const { delivery } = await deps.sms.send({ to: target.to, text: stepUpSms(code) });
    if (delivery === "failed" || delivery === "unavailable") {
      await trail({ ...whoOf(caller), action: "auth.code_sent", outcome: "failure", reason: `sms_${delivery}` });
      return authFailures.smsNotSent(delivery === "unavailable");
    }
  }
  await trail({ ...whoOf(caller), action: "auth.code_sent", outcome: "success", reason: target.channel });
  return undefined;
};

/** Where a confirmed e-mail or SMS method's codes go: the account address, or the enrolment's own phone. */
export const codeDestination = (caller: AccountCaller, method: "email" | "sms", enrolment: Enrolment): string | null =>
  method === "email" ? caller.account.email : (enrolment.phone ?? caller.account.phone);

type CodeOutcome = "ok" | "wrong_code" | "expired_code" | "no_code" | "reused_code";

/**
 * Checks a typed code against one enrolment: the authenticator's current code (each 30-second
 * step works once) or the newest e-mail/SMS settings code of this session.
 */
const checkCode = async (
  deps: AuthRouteDeps,
  caller: AccountCaller,
  enrolment: Enrolment,
  code: string,
): Promise<CodeOutcome> => {
  const now = deps.clock.now();
  if (enrolment.method === "app") {
    const step = enrolment.totpSecret === null ? undefined : matchTotp(enrolment.totpSecret, caller.account.email, code, now);
    if (step === undefined) return "wrong_code";
    return (await claimTotpStep(deps.db, enrolment.id, step)) ? "ok" : "reused_code";
  }
  return checkSignInCode(deps.db, deps.keys, { sessionId: caller.principal.sessionId, channel: enrolment.method, code, now, purpose: SETTINGS_CODES });
};

/**
 * Proves the person holds a second factor right now: refused while the account is locked (429),
 * and a wrong, expired or replayed code counts toward the account's code lock like a wrong sign-in
 * code (400 ERROR_019, or 429 once the lock starts). Returns true when the code is right;
 * otherwise the failure has been answered.
 */
export const proveCode = async (
  deps: AuthRouteDeps,
  trail: AuthTrail,
  reply: FastifyReply,
  caller: AccountCaller,
  proof: { readonly enrolment: Enrolment; readonly code: string; readonly action: AuthAuditAction },
): Promise<boolean> => {
  const { db, clock } = deps;
  const now = clock.now();
  const who = whoOf(caller);
  const key = guardKey(caller.account.email);
  const lock = lockStatus(await readGuard(db, key), now);
  if (lock.locked) {
    await trail({ ...who, action: proof.action, outcome: "denied", reason: lock.reason });
    replyLocked(reply, lock);
    return false;
  }
  const outcome = await checkCode(deps, caller, proof.enrolment, proof.code);
  if (outcome === "ok") return true;
  const status = await countFailure(db, trail, now, { ...who, guardKey: key, kind: "code", action: proof.action, reason: outcome });
  if (status.locked) replyLocked(reply, status);
  else replyWithFailure(reply, authFailures.wrongCode(outcome));
  return false;
};

/** ERROR_017 on the field that named a method that is not set up. */
export const notConfigured = (field: "mfa_option" | "confirm_option"): ApiFailure => {
  const failure = authFailures.methodNotConfigured();
  return { ...failure, failure: { ...failure.failure, field } };
};

/** A confirmed enrolment of the method, or undefined when it is missing or still being set up. */
export const confirmedEnrolment = async (deps: AuthRouteDeps, userId: number, method: MfaMethod): Promise<Enrolment | undefined> => {
  const enrolment = await findEnrolment(deps.db, deps.keys, userId, method);
  return enrolment?.confirmedAt == null ? undefined : enrolment;
};
