import type { Result } from "../../domain/shared/result.ts";
import type { AuthUser, TotpQrResponse } from "../../domain/shared/wire/auth.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { AuthFailure } from "../shared/auth-failure.ts";

/** A fully authenticated session: both tokens and who they belong to. */
export type SignedInSession = {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly user: AuthUser;
};

/**
 * What the sign-in flow remembers. The password and the typed code never live here: they travel
 * in the event that starts the call and are gone when it returns.
 */
export type SignInContext = {
  /** Kept so the sign-in form can show it again after a failure. */
  readonly email: string;
  /** The failure the current screen shows, or null. */
  readonly error: AuthFailure | null;
  /** The pre-authentication token from login_web, until the second factor is verified. */
  readonly preAuthToken: string | null;
  /** The user as login_web described them (password-change flag, registered methods). */
  readonly user: AuthUser | null;
  /** The second factor being registered or verified. */
  readonly method: MfaMethod | null;
  /** The SMS number being registered, in E.164 with its leading plus. */
  readonly smsPhone: string | null;
  /** The authenticator-app secret and otpauth:// link, while an app is being registered. */
  readonly totp: TotpQrResponse | null;
  /** Set once signed in: the tokens handed to the app. */
  readonly session: SignedInSession | null;
};

/** Everything a person (or the app) can tell the sign-in flow. */
export type SignInEvent =
  | { readonly type: "credentials.submit"; readonly email: string; readonly password: string }
  | {
      readonly type: "password.submit";
      readonly oldPassword: string;
      readonly newPassword: string;
      readonly confirmation: string;
    }
  | { readonly type: "method.choose"; readonly method: MfaMethod }
  | { readonly type: "method.change" }
  // The number as the domain's phone rule (toSmsPhone) read it on the page: the rule and its
  // phone-number library load with the lazy SMS field only, not with the sign-in entry.
  | { readonly type: "phone.submit"; readonly phone: Result<string> }
  | { readonly type: "qr.scanned" }
  | { readonly type: "code.resend" }
  | { readonly type: "otp.submit"; readonly code: string }
  | { readonly type: "session.cleared" }
  // From watchStoredSession: the stored session ended outside the flow.
  | { readonly type: "session.ended" };

/** The flow before anyone has typed anything. */
export const INITIAL_SIGN_IN_CONTEXT: SignInContext = {
  email: "",
  error: null,
  preAuthToken: null,
  user: null,
  method: null,
  smsPhone: null,
  totp: null,
  session: null,
};
