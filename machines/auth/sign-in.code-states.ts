import { assertEvent } from "xstate";
import { validateOtp } from "../../domain/shared/validators/otp.ts";
import { failureOf } from "../shared/auth-failure.ts";
import { failureOfCall, methodOf, preAuthTokenOf, signInSetup, unauthorizedTransition } from "./sign-in.setup.ts";

/** Asking the server for an email or SMS code (re_send); its cooldown answers with an error that is shown. */
export const sendingCodeState = signInSetup.createStateConfig({
  invoke: {
    id: "sendCode",
    src: "sendCode",
    input: ({ context }) => ({ token: preAuthTokenOf(context), body: { mfa_option: methodOf(context) } }),
    onDone: { target: "enteringCode" },
    onError: [
      unauthorizedTransition,
      { target: "enteringCode", actions: { type: "rememberFailure", params: failureOfCall } },
    ],
  },
});

/** Code entry (/auth/mfa/otp): a code that is not six digits is ERROR_019 without asking the server. */
export const enteringCodeState = signInSetup.createStateConfig({
  on: {
    "otp.submit": [
      {
        guard: { type: "isValidOtp", params: ({ event }) => event },
        target: "verifyingCode",
        actions: "forgetFailure",
      },
      { actions: { type: "rememberFailure", params: ({ event }) => failureOf(validateOtp(event.code)) } },
    ],
    "code.resend": { guard: "canResendCode", target: "sendingCode", actions: "forgetFailure" },
    "method.change": { target: "choosingMethod", actions: "forgetFailure" },
  },
});

/** Checking the code (totp/verify); success hands out both tokens and ends pre-authentication. */
export const verifyingCodeState = signInSetup.createStateConfig({
  invoke: {
    id: "verifyCode",
    src: "verifyCode",
    // The code comes from the submitting event and is never copied into context.
    input: ({ context, event }) => {
      assertEvent(event, "otp.submit");
      return { token: preAuthTokenOf(context), body: { mfa_option: methodOf(context), otp_code: event.code } };
    },
    onDone: {
      target: "signedIn",
      actions: {
        type: "startSession",
        params: ({ event }) => ({
          accessToken: event.output.access_token,
          refreshToken: event.output.refresh_token,
          user: event.output.user,
        }),
      },
    },
    onError: [
      unauthorizedTransition,
      { target: "enteringCode", actions: { type: "rememberFailure", params: failureOfCall } },
    ],
  },
});
