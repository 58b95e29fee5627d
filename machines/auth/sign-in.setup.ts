import { assign, not, or, setup, stateIn } from "xstate";
import { validateOtp } from "../../domain/shared/validators/otp.ts";
import { validatePasswordChange, type PasswordChange } from "../../domain/shared/validators/password.ts";
import type { Result } from "../../domain/shared/result.ts";
import type { AuthUser, LoginWebResponse, TotpQrResponse } from "../../domain/shared/wire/auth.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import { isUnauthorizedFailure, toAuthFailure, type AuthFailure } from "../shared/auth-failure.ts";
import { isRegisteredMethod, isSentMethod, maySetUpDuringSignIn, singleDefaultMethod } from "./mfa-choice.ts";
import { signInActors } from "./sign-in.actors.ts";
import {
  INITIAL_SIGN_IN_CONTEXT,
  type SignedInSession,
  type SignInContext,
  type SignInEvent,
} from "./sign-in.types.ts";

type Chosen = { readonly method: MfaMethod };

// XState reads only the types of `setup({ types })`. A function with a declared return type hands
// over the whole event union without an `as` cast (a typed const would narrow to its one member).
const anySignInEvent = (): SignInEvent => ({ type: "session.cleared" });

/** Types, guards, actions and actors of the sign-in flow; the machine itself is in sign-in.machine.ts. */
export const signInSetup = setup({
  types: {
    context: INITIAL_SIGN_IN_CONTEXT,
    events: anySignInEvent(),
  },
  actors: signInActors,
  guards: {
    mustChangePassword: (_, user: AuthUser) => user.change_password,
    hasSingleDefaultApp: (_, user: AuthUser | null) => singleDefaultMethod(user) === "app",
    hasSingleDefaultMethod: (_, user: AuthUser | null) => singleDefaultMethod(user) !== null,
    isRegisteredApp: ({ context }, chosen: Chosen) =>
      chosen.method === "app" && isRegisteredMethod(context.user, chosen.method),
    isRegisteredMethod: ({ context }, chosen: Chosen) => isRegisteredMethod(context.user, chosen.method),
    maySetUpMethod: ({ context }, chosen: Chosen) => maySetUpDuringSignIn(context.user, chosen.method),
    maySetUpSms: ({ context }, chosen: Chosen) => chosen.method === "sms" && maySetUpDuringSignIn(context.user, chosen.method),
    isRegisteringApp: ({ context }) => context.method === "app",
    isRegisteringSms: ({ context }) => context.method === "sms",
    canResendCode: ({ context }) => isSentMethod(context.method),
    isPasswordChangeValid: (_, change: PasswordChange) => validatePasswordChange(change).ok,
    isValidOtp: (_, typed: { readonly code: string }) => validateOtp(typed.code).ok,
    isValidSmsPhone: (_, typed: { readonly phone: Result<string> }) => typed.phone.ok,
    isUnauthorized: (_, failure: AuthFailure) => isUnauthorizedFailure(failure),
    // The flow follows the stored session's end unless it is already at the start, or a call is in
    // flight: that call fails with 401 and brings its own message back.
    followsStoredSessionEnd: not(
      or([
        stateIn("enteringCredentials"),
        stateIn("signingIn"),
        stateIn({ changingPassword: "savingPassword" }),
        stateIn({ registeringMethod: "creatingMethod" }),
        stateIn({ registeringMethod: "loadingQr" }),
        stateIn("sendingCode"),
        stateIn("verifyingCode"),
      ]),
    ),
  },
  actions: {
    rememberEmail: assign((_, typed: { readonly email: string }) => ({ email: typed.email })),
    rememberFailure: assign((_, failure: AuthFailure) => ({ error: failure })),
    forgetFailure: assign({ error: null }),
    // A lone default method is preselected, so the flow can go straight to code entry with it.
    rememberPreAuth: assign((_, response: LoginWebResponse) => ({
      preAuthToken: response.token,
      user: response.user,
      method: singleDefaultMethod(response.user),
    })),
    rememberPasswordChanged: assign(({ context }) => ({
      user: context.user === null ? null : { ...context.user, change_password: false },
      method: singleDefaultMethod(context.user),
    })),
    rememberMethod: assign((_, chosen: Chosen) => ({ method: chosen.method })),
    rememberSmsPhone: assign((_, typed: { readonly phone: Result<string> }) => ({
      smsPhone: typed.phone.ok ? typed.phone.value : null,
    })),
    rememberTotp: assign((_, totp: TotpQrResponse) => ({ totp })),
    startSession: assign(({ context }, session: SignedInSession) => ({
      ...INITIAL_SIGN_IN_CONTEXT,
      email: context.email,
      user: session.user,
      session,
    })),
    // The email stays so the form can show it again; every token, secret and choice goes.
    clearAuthState: assign(({ context }) => ({ ...INITIAL_SIGN_IN_CONTEXT, email: context.email })),
  },
});

// Only pre-authenticated states invoke these calls; a missing value is a bug, not a user error.
const required = <T>(value: T | null, what: string): T => {
  if (value === null) throw new Error(`sign-in: ${what} is missing in a pre-authenticated state`);
  return value;
};

/** The pre-auth token every call after login carries. */
export const preAuthTokenOf = (context: SignInContext): string => required(context.preAuthToken, "pre-auth token");

/** The method being registered or verified. */
export const methodOf = (context: SignInContext): MfaMethod => required(context.method, "MFA method");

/** The failure an auth call rejected with, read from its xstate.error.actor event. */
export const failureOfCall = ({ event }: { readonly event: { readonly error: unknown } }): AuthFailure =>
  toAuthFailure(event.error);

/**
 * Every call made with the pre-auth token fails alike on 401: the token is gone, so the auth
 * state is cleared and the person signs in again (spec 4). Listed first in each onError.
 */
export const unauthorizedTransition = {
  guard: { type: "isUnauthorized", params: failureOfCall },
  target: "#signIn.enteringCredentials",
  actions: ["clearAuthState", { type: "rememberFailure", params: failureOfCall }],
} as const;
