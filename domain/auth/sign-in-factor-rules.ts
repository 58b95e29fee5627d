import { MFA_METHODS, type MfaMethod } from "../shared/wire/mfa-method.ts";

/**
 * What a sign-in step after the password does with a second factor: start setting one up
 * (create_mfa), show an authenticator secret being set up (qr), send a code (re_send), or check
 * a code (verify).
 */
export type SignInFactorStep = "set_up" | "show_secret" | "send_code" | "verify";

/** Why a sign-in step with a second factor is refused; each has its catalogue code on the server. */
export type SignInFactorRefusal = "must_pass_confirmed_factor" | "method_not_confirmed";

export type SignInFactorDecision = { readonly allowed: true } | { readonly allowed: false; readonly refusal: SignInFactorRefusal };

const ALLOWED: SignInFactorDecision = { allowed: true };

/**
 * During sign-in someone has proven only the password. An account without a confirmed second
 * factor (a first sign-in, or after an administrator's reset) sets one up here; an account with
 * one must pass one of its confirmed factors and nothing else: setting up another factor, or
 * using one not yet confirmed, would let a caller who knows only the password add a factor of
 * their own and sign in with it. Adding a factor later is the Settings step-up, proven by a code
 * of an existing factor.
 */
export const signInFactorStep = (confirmed: readonly MfaMethod[], step: SignInFactorStep, method: MfaMethod): SignInFactorDecision => {
  if (confirmed.length === 0) return ALLOWED;
  if (step === "set_up" || step === "show_secret") return { allowed: false, refusal: "must_pass_confirmed_factor" };
  return confirmed.includes(method) ? ALLOWED : { allowed: false, refusal: "method_not_confirmed" };
};

/**
 * The second factors the sign-in screen offers to set up: every method for an account with none
 * confirmed, none for an account that already has one (signInFactorStep).
 */
export const methodsToSetUpDuringSignIn = (confirmed: readonly MfaMethod[]): readonly MfaMethod[] =>
  confirmed.length === 0 ? MFA_METHODS : [];
