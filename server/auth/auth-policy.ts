import { IDLE_TIMEOUT_MS } from "../../domain/shared/session/idle-policy.ts";

/**
 * Every lifetime and limit of sign-in and sessions, in one place: docs/security.md explains each
 * number, and the tests move a manual clock across exactly these values.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const AUTH_POLICY = {
  /** The pre-authentication token (password accepted, second factor or password change pending). */
  preAuthLifetimeMs: 15 * MINUTE,
  /** Access tokens (Bearer); each call also checks the session row, so revocation is immediate. */
  accessTokenLifetimeMs: 10 * MINUTE,
  /** A session ends after this long without an authenticated call or refresh (shared with the browser's idle sign-off). */
  idleTimeoutMs: IDLE_TIMEOUT_MS,
  /** ... and this long after the password was accepted, whatever the activity. */
  absoluteLifetimeMs: 12 * HOUR,
  /** Last activity is written at most this often (one UPDATE a minute per active session). */
  activityWriteIntervalMs: MINUTE,

  /** E-mail and SMS codes. */
  codeLifetimeMs: 10 * MINUTE,
  /** Between two codes sent for one sign-in by one method. */
  codeResendCooldownMs: 30_000,
  /** Wrong codes in one sign-in before it is ended (the person signs in again). */
  maxCodeFailuresPerSession: 5,

  /** Wrong passwords per account (e-mail address) within the window start a lock. */
  maxPasswordFailures: 5,
  passwordFailureWindowMs: 15 * MINUTE,
  /** Wrong codes per account within the window start a lock. */
  maxCodeFailures: 10,
  codeFailureWindowMs: 15 * MINUTE,
  /** How long a lock lasts; it ends by itself. */
  lockDurationMs: 15 * MINUTE,
  /** Consecutive failures without a complete sign-in: then only a password reset by e-mail unlocks. */
  maxConsecutiveFailures: 100,

  /** Password-reset links. */
  resetTokenLifetimeMs: 30 * MINUTE,
  /** A new invitation link to the same person waits this long after the last, as a new code does. */
  invitationResendCooldownMs: MINUTE,

  /** Authenticator apps: 30-second steps, one step of clock drift either way. */
  totpPeriodSeconds: 30,
  totpWindow: 1,
} as const;

/**
 * Per-IP limits (fixed windows in the database), on top of the per-account limits above. A
 * clinic's staff share one address behind its NAT, so these bound a whole building, not one
 * person: sendCode must allow at least every sign-in loginWeb allows, because each sign-in by
 * e-mail or SMS sends a code (it was 10 while sign-in allowed 30, so the 11th colleague of a
 * shift change passed the password and then got "maximum number of attempts"). Resends are held
 * back per sign-in by `AUTH_POLICY.codeResendCooldownMs` instead.
 */
export const IP_LIMITS = {
  loginWeb: { max: 30, timeWindow: MINUTE },
  forgotPassword: { max: 10, timeWindow: 15 * MINUTE },
  resetPassword: { max: 20, timeWindow: 15 * MINUTE },
  /** The reset page asking whether its link still works: once per opening, so a little more than a reset. */
  resetTokenCheck: { max: 30, timeWindow: 15 * MINUTE },
  /** The invitation landing page: looking a link up and accepting it (docs/invitations.md). */
  invitationLookup: { max: 30, timeWindow: 15 * MINUTE },
  invitationAccept: { max: 20, timeWindow: 15 * MINUTE },
  /** Administrators sending invitations (create, resend, a changed e-mail): a clinic's onboarding day fits; a mail bomb does not. */
  invitationSend: { max: 60, timeWindow: 15 * MINUTE },
  verify: { max: 30, timeWindow: MINUTE },
  sendCode: { max: 30, timeWindow: MINUTE },
  refresh: { max: 60, timeWindow: MINUTE },
} as const;

export const TOTP_ISSUER = "Speech Therapy Care Portal";
