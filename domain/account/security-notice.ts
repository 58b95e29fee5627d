import type { MfaMethod } from "../shared/wire/mfa-method.ts";

/** The changes to how someone signs in that are always told to the account's e-mail address. */
export const SECURITY_CHANGE = {
  passwordChanged: "password_changed",
  passwordReset: "password_reset",
  factorAdded: "factor_added",
  factorRemoved: "factor_removed",
  defaultFactorChanged: "default_factor_changed",
} as const;
export type SecurityChange = (typeof SECURITY_CHANGE)[keyof typeof SECURITY_CHANGE];

export type SecurityNotice = {
  readonly change: SecurityChange;
  /** The second factor the change is about; none for a password. */
  readonly method?: MfaMethod;
  readonly at: Date;
  /** Where the request came from: its address and, when it sent one, its browser. */
  readonly from: { readonly ip: string; readonly userAgent: string | null };
  /** The portal's public origin, for the reset link. */
  readonly publicUrl: string;
};

const METHOD_TEXT: Readonly<Record<MfaMethod, string>> = {
  email: "email codes",
  sms: "text messages (SMS)",
  app: "an authenticator app",
};

const WHAT: Readonly<Record<SecurityChange, (method: string) => { readonly subject: string; readonly sentence: string }>> = {
  password_changed: () => ({ subject: "Your portal password was changed", sentence: "The password of your account was changed, and every other signed-in session was ended." }),
  password_reset: () => ({ subject: "Your portal password was reset", sentence: "The password of your account was reset with an e-mailed link, and every signed-in session was ended." }),
  factor_added: (method) => ({ subject: "A sign-in verification method was added", sentence: `A way to verify your sign-ins was added: ${method}.` }),
  factor_removed: (method) => ({ subject: "A sign-in verification method was removed", sentence: `A way to verify your sign-ins was removed: ${method}.` }),
  default_factor_changed: (method) => ({ subject: "Your default verification method changed", sentence: `Your sign-ins are now verified first with ${method}.` }),
};

// The browser string comes from the caller: one line, no control characters, bounded.
const USER_AGENT_LIMIT = 200;
const oneLine = (text: string): string => text.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim().slice(0, USER_AGENT_LIMIT);

/** "2026-11-26 23:10 UTC": a time anyone can read, whatever their time zone. */
const utcMinute = (at: Date): string => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The e-mail that tells a person their password or second factors changed: what changed, when,
 * from where, and what to do if it was not them (reset the password, tell an administrator).
 * Every such change sends one, so a change made by someone else never goes unnoticed.
 */
export const securityNoticeEmail = (notice: SecurityNotice): { readonly subject: string; readonly text: string } => {
  const method = notice.method === undefined ? "" : METHOD_TEXT[notice.method];
  const { subject, sentence } = WHAT[notice.change](method);
  const browser = notice.from.userAgent === null ? "" : oneLine(notice.from.userAgent);
  return {
    subject,
    text: [
      `${sentence}`,
      "",
      `When: ${utcMinute(notice.at)}`,
      `From: IP address ${notice.from.ip}${browser === "" ? "" : `, ${browser}`}`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not you, reset your password now at ${notice.publicUrl}/auth/forgot-password, then tell your administrator: someone else may know your password.`,
    ].join("\n"),
  };
};
