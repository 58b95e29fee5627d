import { fromCallback, fromPromise } from "xstate";
import type {
  ChangePasswordBody,
  CreateMfaBody,
  LoginWebResponse,
  ResendOtpBody,
  TotpQrResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from "../../domain/shared/wire/auth.ts";

/** login_web: the email and password go out as a Basic header. */
export type LoginInput = { readonly email: string; readonly password: string };
/** Every call after login carries the pre-auth token (Token scheme). */
export type PreAuthInput<Body> = { readonly token: string; readonly body: Body };
/** totp/qr needs only the pre-auth token. */
export type LoadQrInput = { readonly token: string };

// Placeholders fail loudly: the app and the tests must provide every effect the flow uses.
const notProvided = (name: string) => () => Promise.reject(new Error(`sign-in actor "${name}" was not provided`));

/** The effects of the sign-in flow; each rejects with an AuthFailure-shaped value on an expected failure. */
export const signInActors = {
  login: fromPromise<LoginWebResponse, LoginInput>(notProvided("login")),
  changePassword: fromPromise<void, PreAuthInput<ChangePasswordBody>>(notProvided("changePassword")),
  createMfa: fromPromise<void, PreAuthInput<CreateMfaBody>>(notProvided("createMfa")),
  loadQr: fromPromise<TotpQrResponse, LoadQrInput>(notProvided("loadQr")),
  sendCode: fromPromise<void, PreAuthInput<ResendOtpBody>>(notProvided("sendCode")),
  verifyCode: fromPromise<VerifyOtpResponse, PreAuthInput<VerifyOtpBody>>(notProvided("verifyCode")),
  /**
   * Follows the stored session, the one source of whether anyone is signed in: sends
   * `session.ended` when it ends elsewhere (sign-out, a failed refresh, an unknown sign-in state
   * cleared by a route guard). Without a store (machine unit tests) there is nothing to follow.
   */
  watchStoredSession: fromCallback<{ readonly type: "session.ended" }>(() => undefined),
};
