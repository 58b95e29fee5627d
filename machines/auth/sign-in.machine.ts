import { assertEvent } from "xstate";
import type { LoginWebResponse } from "../../domain/shared/wire/auth.ts";
import { enteringCodeState, sendingCodeState, verifyingCodeState } from "./sign-in.code-states.ts";
import { changingPasswordState } from "./sign-in.password-states.ts";
import { choosingMethodState, registeringMethodState } from "./sign-in.registration-states.ts";
import { failureOfCall, signInSetup } from "./sign-in.setup.ts";
import { INITIAL_SIGN_IN_CONTEXT } from "./sign-in.types.ts";

type LoginDone = { readonly event: { readonly output: LoginWebResponse } };
const loginResponse = ({ event }: LoginDone) => event.output;
const loginUser = ({ event }: LoginDone) => event.output.user;

/**
 * Sign-in with a password, a forced password change when the server asks for one, then a second
 * factor (email, SMS or authenticator app), registering one first when needed. Rests in
 * `signedIn` with the session in context; `session.cleared` always starts over, and so does the
 * stored session's end (`session.ended`, from watchStoredSession) unless a call is in flight.
 */
export const signInMachine = signInSetup.createMachine({
  id: "signIn",
  initial: "enteringCredentials",
  context: INITIAL_SIGN_IN_CONTEXT,
  invoke: { id: "watchStoredSession", src: "watchStoredSession" },
  on: {
    "session.cleared": { target: ".enteringCredentials", actions: ["clearAuthState", "forgetFailure"] },
    "session.ended": { guard: "followsStoredSessionEnd", target: ".enteringCredentials", actions: ["clearAuthState", "forgetFailure"] },
  },
  states: {
    enteringCredentials: {
      on: {
        "credentials.submit": {
          target: "signingIn",
          actions: [{ type: "rememberEmail", params: ({ event }) => ({ email: event.email }) }, "forgetFailure"],
        },
      },
    },
    signingIn: {
      invoke: {
        id: "login",
        src: "login",
        // The password comes from the submitting event and is never copied into context.
        input: ({ event }) => {
          assertEvent(event, "credentials.submit");
          return { email: event.email, password: event.password };
        },
        onDone: [
          {
            guard: { type: "mustChangePassword", params: loginUser },
            target: "changingPassword",
            actions: { type: "rememberPreAuth", params: loginResponse },
          },
          {
            guard: { type: "hasSingleDefaultApp", params: loginUser },
            target: "enteringCode",
            actions: { type: "rememberPreAuth", params: loginResponse },
          },
          {
            guard: { type: "hasSingleDefaultMethod", params: loginUser },
            target: "sendingCode",
            actions: { type: "rememberPreAuth", params: loginResponse },
          },
          { target: "choosingMethod", actions: { type: "rememberPreAuth", params: loginResponse } },
        ],
        onError: { target: "enteringCredentials", actions: { type: "rememberFailure", params: failureOfCall } },
      },
    },
    changingPassword: changingPasswordState,
    choosingMethod: choosingMethodState,
    registeringMethod: registeringMethodState,
    sendingCode: sendingCodeState,
    enteringCode: enteringCodeState,
    verifyingCode: verifyingCodeState,
    signedIn: {},
  },
});
