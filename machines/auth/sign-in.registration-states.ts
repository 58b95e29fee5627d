import type { CreateMfaBody } from "../../domain/shared/wire/auth.ts";
import { failureOf } from "../shared/auth-failure.ts";
import { failureOfCall, methodOf, preAuthTokenOf, signInSetup, unauthorizedTransition } from "./sign-in.setup.ts";
import type { SignInContext } from "./sign-in.types.ts";

// Email needs no registration data; SMS sends the number typed on the registration screen.
const createMfaBody = (context: SignInContext): CreateMfaBody => {
  const method = methodOf(context);
  if (method !== "sms") return { mfa_option: method };
  if (context.smsPhone === null) throw new Error("sign-in: SMS registration without a phone number");
  return { mfa_option: method, phone: context.smsPhone };
};

/**
 * The method choice (/auth/mfa): a registered method goes to code entry; an account with none
 * registers one first. An account with a second factor cannot choose to set up another here.
 */
export const choosingMethodState = signInSetup.createStateConfig({
  on: {
    "method.choose": [
      {
        guard: { type: "isRegisteredApp", params: ({ event }) => event },
        target: "#signIn.enteringCode",
        actions: [{ type: "rememberMethod", params: ({ event }) => event }, "forgetFailure"],
      },
      {
        guard: { type: "isRegisteredMethod", params: ({ event }) => event },
        target: "#signIn.sendingCode",
        actions: [{ type: "rememberMethod", params: ({ event }) => event }, "forgetFailure"],
      },
      {
        guard: { type: "maySetUpSms", params: ({ event }) => event },
        target: "#signIn.registeringMethod.enteringPhone",
        actions: [{ type: "rememberMethod", params: ({ event }) => event }, "forgetFailure"],
      },
      {
        // Setting up is for an account without a second factor (domain/auth/sign-in-factor-rules.ts).
        guard: { type: "maySetUpMethod", params: ({ event }) => event },
        target: "#signIn.registeringMethod.creatingMethod",
        actions: [{ type: "rememberMethod", params: ({ event }) => event }, "forgetFailure"],
      },
    ],
  },
});

/**
 * Registering a second factor with create_mfa: SMS asks for a phone first, an authenticator app
 * then shows its QR code (totp/qr). create_mfa itself sends the first email or SMS code.
 */
export const registeringMethodState = signInSetup.createStateConfig({
  initial: "creatingMethod",
  on: { "method.change": { target: "#signIn.choosingMethod", actions: "forgetFailure" } },
  states: {
    enteringPhone: {
      on: {
        "phone.submit": [
          {
            guard: { type: "isValidSmsPhone", params: ({ event }) => event },
            target: "creatingMethod",
            actions: [{ type: "rememberSmsPhone", params: ({ event }) => event }, "forgetFailure"],
          },
          { actions: { type: "rememberFailure", params: ({ event }) => failureOf(event.phone) } },
        ],
      },
    },
    creatingMethod: {
      invoke: {
        id: "createMfa",
        src: "createMfa",
        input: ({ context }) => ({ token: preAuthTokenOf(context), body: createMfaBody(context) }),
        onDone: [{ guard: "isRegisteringApp", target: "loadingQr" }, { target: "#signIn.enteringCode" }],
        onError: [
          unauthorizedTransition,
          {
            guard: "isRegisteringSms",
            target: "enteringPhone",
            actions: { type: "rememberFailure", params: failureOfCall },
          },
          { target: "#signIn.choosingMethod", actions: { type: "rememberFailure", params: failureOfCall } },
        ],
      },
    },
    loadingQr: {
      invoke: {
        id: "loadQr",
        src: "loadQr",
        input: ({ context }) => ({ token: preAuthTokenOf(context) }),
        onDone: { target: "showingQr", actions: { type: "rememberTotp", params: ({ event }) => event.output } },
        onError: [
          unauthorizedTransition,
          { target: "#signIn.choosingMethod", actions: { type: "rememberFailure", params: failureOfCall } },
        ],
      },
    },
    showingQr: { on: { "qr.scanned": "#signIn.enteringCode" } },
  },
});
