import type { FastifyReply } from "fastify";
import { type ApiFailure, apiFailure, replyWithFailure } from "../http/api-failure.ts";
import type { LockStatus } from "./sign-in-guard.ts";

/** The failures of the sign-in calls; docs/security.md lists them with their statuses. */
export const authFailures = {
  /** Unknown address, wrong password, malformed Basic header, or an account that may not sign in: one answer for all. */
  wrongCredentials: (reason: string): ApiFailure => apiFailure(401, "ERROR_005", reason),
  tooManyAttempts: (reason: string): ApiFailure => apiFailure(429, "ERROR_012", reason),
  wrongOldPassword: (): ApiFailure => apiFailure(400, "ERROR_011", "the old password is wrong", { field: "old_password" }),
  passwordChangeNotDue: (): ApiFailure => apiFailure(403, "ERROR_011", "no password change is due for this sign-in"),
  passwordChangeFirst: (): ApiFailure => apiFailure(403, "ERROR_011", "the password must be changed before the second factor"),
  methodConfirmed: (): ApiFailure => apiFailure(400, "ERROR_015", "this second factor is already set up", { field: "mfa_option" }),
  /** A sign-in of an account that has a confirmed second factor may not set up another (domain/auth/sign-in-factor-rules.ts). */
  mustPassConfirmedFactor: (): ApiFailure =>
    apiFailure(400, "ERROR_015", "the account has a confirmed second factor: pass it; add others in Settings", { field: "mfa_option" }),
  methodNotConfigured: (): ApiFailure => apiFailure(400, "ERROR_017", "this second factor is not set up", { field: "mfa_option" }),
  nothingToSend: (): ApiFailure => apiFailure(400, "ERROR_009", "authenticator codes are not sent", { field: "mfa_option" }),
  phoneTaken: (): ApiFailure => apiFailure(400, "ERROR_021", "another account uses this phone number", { field: "phone" }),
  wrongCode: (reason: string): ApiFailure => apiFailure(400, "ERROR_019", reason, { field: "otp_code" }),
  invalidResetToken: (reason: string): ApiFailure => apiFailure(400, "ERROR_056", reason, { field: "token" }),
  sessionEnded: (reason: string): ApiFailure => apiFailure(401, "ERROR_001", reason),
  /** The SMS provider refused or did not answer (502), or production has none configured (503). */
  smsNotSent: (unavailable: boolean): ApiFailure =>
    unavailable
      ? apiFailure(503, "ERROR_014", "SMS is unavailable: no SMS provider is configured (SMS_URL)", { field: "mfa_option" })
      : apiFailure(502, "ERROR_014", "the SMS provider did not accept the code", { field: "mfa_option" }),
} as const;

/** 429 ERROR_012 with Retry-After when the limit ends by itself. */
export const replyTooMany = (reply: FastifyReply, retryAfterSeconds: number | undefined, reason: string): FastifyReply => {
  if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
  return replyWithFailure(reply, authFailures.tooManyAttempts(reason));
};

export const replyLocked = (reply: FastifyReply, status: Extract<LockStatus, { locked: true }>): FastifyReply =>
  replyTooMany(reply, status.reason === "locked" ? status.retryAfterSeconds : undefined, `account ${status.reason.replace("_", " ")}`);
