import type { FastifyInstance, FastifyReply } from "fastify";
import { and, eq } from "drizzle-orm";
import { canRemoveMfaMethod, defaultAfterRemoval, LAST_METHOD_DETAIL } from "../../../domain/auth/index.ts";
import { fail } from "../../../domain/shared/result.ts";
import { toSmsPhone } from "../../../domain/shared/validators/phone.ts";
import {
  addMfaEndpoint,
  confirmMfaEndpoint,
  defaultMfaEndpoint,
  removeMfaEndpoint,
  resendMfaCodeEndpoint,
  sendStepUpCodeEndpoint,
} from "../../../domain/account/account-endpoints.ts";
import { confirmedMethods, phoneUsedByAnother } from "../../auth/accounts.ts";
import type { AuthAuditAction } from "../../auth/auth-audit.ts";
import { authFailures } from "../../auth/auth-failures.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { confirmEnrolment, findEnrolment, startEnrolment } from "../../auth/mfa-enrolments.ts";
import { newTotpSecret, totpUrl } from "../../auth/totp.ts";
import { sendSecurityNotice } from "../../auth/security-notice.ts";
import { mfaEnrolments } from "../../db/schema/credentials.ts";
import { users } from "../../db/schema/users.ts";
import { type ApiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { type OpenedRoute, type RouteTrail, authTrail } from "../../http/open-route.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { type AccountCaller, ownAccountScope } from "../../auth/own-account-scope.ts";
import type { AccountWithHash } from "../../auth/accounts.ts";
import { replyWithCurrentUser } from "./current-user.ts";
import { codeDestination, confirmedEnrolment, notConfigured, proveCode, sendSessionCode, stepUpCoolingDown } from "./step-up.ts";

/** The caller with their own account, from an opened route whose scope is the account (ownAccountScope). */
const callerOf = ({ principal, scope }: OpenedRoute<unknown, AccountWithHash>): AccountCaller => ({ principal, account: scope });

/** 400 ERROR_050: removing the only confirmed method would leave the account without a second factor. */
const lastMethod = (): ApiFailure =>
  fromDomainFailure(
    400,
    fail("ERROR_050", LAST_METHOD_DETAIL.charAt(0).toUpperCase() + LAST_METHOD_DETAIL.slice(1), {
      field: "mfa_option",
      placeholders: { status: "last verification method" },
    }),
    LAST_METHOD_DETAIL,
  );

/**
 * Account settings for second factors (signed in, any role): a step-up code by a confirmed
 * e-mail/SMS method; adding a method, choosing the default and removing a method, each confirmed
 * by a fresh code of a confirmed method (an added method then proves itself with its first code).
 * docs/account-settings.md explains every rule.
 */
export const registerAccountMfaRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock } = deps;

  /**
   * Any full session, whose own account is the scope; every event goes to the auth trail of the
   * caller's session, naming its action; the opening audits nothing by itself (an invalid body is answered, not audited).
   */
  const settings = { access: { signedIn: true }, audit: authTrail(), scope: ownAccountScope(db) } as const;

  /** Audits the refusal of an account-settings MFA event of the caller's session, then answers it. */
  const refuse = async (reply: FastifyReply, trail: RouteTrail, action: AuthAuditAction, reason: string, failure: ApiFailure) => {
    await trail({ action, outcome: "failure", reason });
    return replyWithFailure(reply, failure);
  };

  routeEndpoint(app, deps, sendStepUpCodeEndpoint, { ...settings, rateLimit: IP_LIMITS.sendCode, doc: { summary: "Sends a code by a confirmed e-mail or SMS method, to confirm a change of second factors with", scope: "caller", errors: { 400: ["ERROR_009", "ERROR_017"], 429: ["ERROR_012"], 502: ["ERROR_014"], 503: ["ERROR_014"] }, status: 204 } }, async (opened, request, reply) => {
    const caller = callerOf(opened);
    const { trail, input: { body } } = opened;
    const method = body.mfa_option;
    // Authenticator codes come from the app; there is nothing to send (as re_send answers).
    if (method === "app") return replyWithFailure(reply, authFailures.nothingToSend());
    const enrolment = await confirmedEnrolment(deps, caller.account.id, method);
    const to = enrolment === undefined ? null : codeDestination(caller, method, enrolment);
    if (to === null) return refuse(reply, trail, "auth.code_sent", "not_configured", notConfigured("mfa_option"));
    if (await stepUpCoolingDown(deps, trail, reply, caller, method)) return reply;
    const notSent = await sendSessionCode(deps, trail, caller, { channel: method, to });
    return notSent === undefined ? reply.code(204).send() : replyWithFailure(reply, notSent);
  });

  routeEndpoint(app, deps, addMfaEndpoint, { ...settings, rateLimit: IP_LIMITS.sendCode, doc: { summary: "Starts adding a second factor, proven by a code of a confirmed one: e-mail and SMS get a code (204), an app its secret and link (200)", scope: "caller", errors: { 400: ["ERROR_002", "ERROR_013", "ERROR_015", "ERROR_016", "ERROR_017", "ERROR_018", "ERROR_019", "ERROR_021"], 429: ["ERROR_012"], 502: ["ERROR_014"], 503: ["ERROR_014"] } } }, async (opened, request, reply) => {
    const caller = callerOf(opened);
    const { trail, input: { body } } = opened;
    const { account } = caller;
    const { mfa_option: method, confirm_option: confirmOption, otp_code: code } = body;
    const deny = (reason: string, failure: ApiFailure) => refuse(reply, trail, "auth.mfa_enrolment", reason, failure);

    // Everything that can refuse is checked before the code, so a refused add does not spend it.
    if ((await findEnrolment(db, deps.keys, account.id, method))?.confirmedAt != null) return deny("already_confirmed", authFailures.methodConfirmed());
    let smsPhone: string | null = null;
    if (method === "sms") {
      const phone = toSmsPhone(body.phone);
      if (!phone.ok) return deny(phone.code === "ERROR_013" ? "missing_phone" : "invalid_phone", fromDomainFailure(400, phone, "phone refused"));
      if (await phoneUsedByAnother(db, account.id, phone.value)) return deny("phone_taken", authFailures.phoneTaken());
      smsPhone = phone.value;
    }
    const proof = await confirmedEnrolment(deps, account.id, confirmOption);
    if (proof === undefined) return deny("confirm_not_configured", notConfigured("confirm_option"));
    if (method !== "app" && (await stepUpCoolingDown(deps, trail, reply, caller, method))) return reply;
    // Someone holding only a live session must not add a factor of their own: the person proves
    // a factor they already have before anything is written or sent to the new method.
    if (!(await proveCode(deps, trail, reply, caller, { enrolment: proof, code, action: "auth.mfa_step_up" }))) return reply;

    const now = clock.now();
    const started = () => trail({ action: "auth.mfa_enrolment", outcome: "success", reason: method });
    if (method === "app") {
      const secret = newTotpSecret();
      await startEnrolment(db, deps.keys, { userId: account.id, method, totpSecret: secret, now });
      await started();
      return { secret, url: totpUrl(secret, account.email) };
    }
    await startEnrolment(db, deps.keys, smsPhone === null ? { userId: account.id, method, now } : { userId: account.id, method, phone: smsPhone, now });
    await started();
    const notSent = await sendSessionCode(deps, trail, caller, { channel: method, to: smsPhone ?? account.email });
    return notSent === undefined ? reply.code(204).send() : replyWithFailure(reply, notSent);
  });

  routeEndpoint(app, deps, resendMfaCodeEndpoint, { ...settings, rateLimit: IP_LIMITS.sendCode, doc: { summary: "Sends a fresh code to an e-mail or SMS method being added, where its first code went", scope: "caller", errors: { 400: ["ERROR_009", "ERROR_015", "ERROR_017"], 429: ["ERROR_012"], 502: ["ERROR_014"], 503: ["ERROR_014"] }, status: 204 } }, async (opened, request, reply) => {
    const caller = callerOf(opened);
    const { trail, input: { body } } = opened;
    const { account } = caller;
    const method = body.mfa_option;
    const deny = (reason: string, failure: ApiFailure) => refuse(reply, trail, "auth.code_sent", reason, failure);

    if (method === "app") return deny("nothing_to_send", authFailures.nothingToSend());
    const enrolment = await findEnrolment(db, deps.keys, account.id, method);
    if (enrolment?.confirmedAt != null) return deny("already_confirmed", authFailures.methodConfirmed());
    // Only a method started with a step-up code is pending, and the code goes only where that
    // start sent it: a resend can neither start a method nor change where its codes go.
    const to = enrolment === undefined ? null : method === "email" ? account.email : enrolment.phone;
    if (to === null) return deny("not_pending", notConfigured("mfa_option"));
    if (await stepUpCoolingDown(deps, trail, reply, caller, method)) return reply;
    const notSent = await sendSessionCode(deps, trail, caller, { channel: method, to });
    return notSent === undefined ? reply.code(204).send() : replyWithFailure(reply, notSent);
  });

  routeEndpoint(app, deps, confirmMfaEndpoint, { ...settings, rateLimit: IP_LIMITS.verify, doc: { summary: "Confirms a new second factor with its first code", scope: "caller", errors: { 400: ["ERROR_015", "ERROR_017", "ERROR_019", "ERROR_021"], 429: ["ERROR_012"] } } }, async (opened, request, reply) => {
    const caller = callerOf(opened);
    const { trail, input: { body } } = opened;
    const { account } = caller;
    const { mfa_option: method, otp_code: code } = body;
    const deny = (reason: string, failure: ApiFailure) => refuse(reply, trail, "auth.mfa_confirmed", reason, failure);

    const enrolment = await findEnrolment(db, deps.keys, account.id, method);
    if (enrolment?.confirmedAt != null) return deny("already_confirmed", authFailures.methodConfirmed());
    const incomplete = enrolment === undefined || (method === "app" && enrolment.totpSecret === null) || (method === "sms" && enrolment.phone === null);
    if (incomplete) return deny("not_pending", notConfigured("mfa_option"));
    // The code must come from the new method itself: the pending secret, or the code sent to the new number or address.
    if (!(await proveCode(deps, trail, reply, caller, { enrolment, code, action: "auth.mfa_confirmed" }))) return reply;
    // The number may have been taken by someone else since the code was sent.
    if (method === "sms" && enrolment.phone !== null && (await phoneUsedByAnother(db, account.id, enrolment.phone))) {
      return deny("phone_taken", authFailures.phoneTaken());
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      await confirmEnrolment(tx, enrolment.id, now);
      const smsPhone = method === "sms" ? { phone: enrolment.phone } : {};
      const firstDefault = account.defaultMfaMethod === null ? { defaultMfaMethod: method } : {};
      await tx.update(users).set({ ...smsPhone, ...firstDefault, updatedAt: now }).where(eq(users.id, account.id));
      await trail({ action: "auth.mfa_confirmed", outcome: "success", reason: method }, tx);
    });
    await sendSecurityNotice(deps, request, account.email, "factor_added", method);
    return replyWithCurrentUser(db, reply, account.id);
  });

  routeEndpoint(app, deps, defaultMfaEndpoint, { ...settings, rateLimit: IP_LIMITS.verify, doc: { summary: "Makes a confirmed second factor the default, proven by a code", scope: "caller", errors: { 400: ["ERROR_017", "ERROR_019"], 429: ["ERROR_012"] } } }, async (opened, request, reply) => {
    const caller = callerOf(opened);
    const { trail, input: { body } } = opened;
    const { account } = caller;
    const { mfa_option: method, confirm_option: confirmOption, otp_code: code } = body;
    const deny = (reason: string, failure: ApiFailure) => refuse(reply, trail, "auth.mfa_default_changed", reason, failure);

    if ((await confirmedEnrolment(deps, account.id, method)) === undefined) return deny("not_configured", notConfigured("mfa_option"));
    const proof = await confirmedEnrolment(deps, account.id, confirmOption);
    if (proof === undefined) return deny("confirm_not_configured", notConfigured("confirm_option"));
    if (!(await proveCode(deps, trail, reply, caller, { enrolment: proof, code, action: "auth.mfa_step_up" }))) return reply;
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ defaultMfaMethod: method, updatedAt: now }).where(eq(users.id, account.id));
      await trail({ action: "auth.mfa_default_changed", outcome: "success", reason: method }, tx);
    });
    await sendSecurityNotice(deps, request, account.email, "default_factor_changed", method);
    return replyWithCurrentUser(db, reply, account.id);
  });

  routeEndpoint(app, deps, removeMfaEndpoint, { ...settings, rateLimit: IP_LIMITS.verify, doc: { summary: "Removes a second factor, never the last one, proven by a code", scope: "caller", errors: { 400: ["ERROR_017", "ERROR_019", "ERROR_050"], 429: ["ERROR_012"] } } }, async (opened, request, reply) => {
    const caller = callerOf(opened);
    const { trail, input: { body } } = opened;
    const { account } = caller;
    const { mfa_option: method, confirm_option: confirmOption, otp_code: code } = body;
    const deny = (reason: string, failure: ApiFailure) => refuse(reply, trail, "auth.mfa_removed", reason, failure);

    const confirmed = await confirmedMethods(db, account.id);
    if (!confirmed.includes(method)) return deny("not_configured", notConfigured("mfa_option"));
    // Checked before the code, so a refused removal does not spend the person's code.
    if (!canRemoveMfaMethod(confirmed, method)) return deny("last_method", lastMethod());
    const proof = await confirmedEnrolment(deps, account.id, confirmOption);
    if (proof === undefined) return deny("confirm_not_configured", notConfigured("confirm_option"));
    if (!(await proveCode(deps, trail, reply, caller, { enrolment: proof, code, action: "auth.mfa_step_up" }))) return reply;

    const now = clock.now();
    const removed = await db.transaction(async (tx) => {
      // The person's row is locked so two removals at once cannot both pass the never-last rule.
      const [locked] = await tx.select({ defaultMfaMethod: users.defaultMfaMethod }).from(users).where(eq(users.id, account.id)).for("update");
      const current = await confirmedMethods(tx, account.id);
      if (locked === undefined || !canRemoveMfaMethod(current, method)) return false;
      await tx.delete(mfaEnrolments).where(and(eq(mfaEnrolments.userId, account.id), eq(mfaEnrolments.method, method)));
      const nextDefault = defaultAfterRemoval(current, method, locked.defaultMfaMethod);
      await tx.update(users).set({ defaultMfaMethod: nextDefault, updatedAt: now }).where(eq(users.id, account.id));
      await trail({ action: "auth.mfa_removed", outcome: "success", reason: method }, tx);
      return true;
    });
    if (!removed) return deny("last_method", lastMethod());
    await sendSecurityNotice(deps, request, account.email, "factor_removed", method);
    return replyWithCurrentUser(db, reply, account.id);
  });
};
