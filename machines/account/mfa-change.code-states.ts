import { assertEvent } from "xstate";
import type { AddMfaBody } from "../../domain/account/account-wire.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import { validateOtp } from "../../domain/shared/validators/otp.ts";
import { failureOf } from "../shared/auth-failure.ts";
import { changeOf, confirmWithOf, failureOfCall, methodOf, mfaChangeSetup } from "./mfa-change.setup.ts";
import type { MfaChangeContext, MfaChangeEvent } from "./mfa-change.types.ts";

// The code comes from the submitting event and is never copied into context.
const typedCode = ({ event }: { readonly event: MfaChangeEvent }): string => {
  assertEvent(event, "otp.submit");
  return event.code;
};

/** The add call's body: the step-up code just typed, and for SMS the number typed on the phone step. */
export const addMfaBody = ({ context, event }: { readonly context: MfaChangeContext; readonly event: MfaChangeEvent }): AddMfaBody => {
  const method = methodOf(context);
  const stepUp = { mfa_option: method, confirm_option: confirmWithOf(context), otp_code: typedCode({ event }) };
  if (method !== "sms") return stepUp;
  if (context.phone === null) throw new Error("mfa-change: adding SMS without a phone number");
  return { ...stepUp, phone: context.phone };
};

type SavedCall = { readonly context: MfaChangeContext; readonly event: { readonly output: CurrentUser } };

const saved = {
  target: "#mfaChange.done",
  actions: [
    {
      type: "announceSaved",
      params: ({ context, event }: SavedCall) => ({ change: changeOf(context), method: methodOf(context), user: event.output }),
    },
    { type: "finishChange", params: ({ event }: SavedCall) => event.output },
  ],
} as const;

const typed = ({ event }: { readonly event: { readonly code: string } }) => event;

const refused = { target: "typingCode", actions: { type: "rememberFailure", params: failureOfCall } } as const;

/**
 * Code entry with its two concerns side by side: the code (checked locally, ERROR_019, then
 * sent with the change) and the resend button, whose 30 s cooldown a refused code does not restart.
 */
export const awaitingCodeState = mfaChangeSetup.createStateConfig({
  type: "parallel",
  states: {
    entry: {
      initial: "typingCode",
      states: {
        typingCode: {
          on: {
            "otp.submit": [
              { guard: { type: "isValidStepUpToAdd", params: typed }, target: "startingMethod", actions: "forgetFailure" },
              { guard: { type: "isValidCodeToAdd", params: typed }, target: "confirmingMethod", actions: "forgetFailure" },
              { guard: { type: "isValidCodeForDefault", params: typed }, target: "savingDefault", actions: "forgetFailure" },
              { guard: { type: "isValidCodeToRemove", params: typed }, target: "removingMethod", actions: "forgetFailure" },
              { actions: { type: "rememberFailure", params: ({ event }) => failureOf(validateOtp(event.code)) } },
            ],
          },
        },
        // The step-up code starts the method: an app shows its secret, email and SMS wait for the
        // new method's first code (a fresh code entry, its resend cooldown starting over).
        startingMethod: {
          invoke: {
            id: "startMfa",
            src: "startMfa",
            input: addMfaBody,
            onDone: [
              {
                guard: "isAddingApp",
                target: "#mfaChange.showingSecret",
                actions: [{ type: "rememberTotp", params: ({ event }) => event.output }, "markStarted"],
              },
              { target: "#mfaChange.awaitingCode", reenter: true, actions: "markStarted" },
            ],
            onError: [
              {
                guard: { type: "isRefusedNumber", params: failureOfCall },
                target: "#mfaChange.enteringPhone",
                actions: { type: "rememberFailure", params: failureOfCall },
              },
              refused,
            ],
          },
        },
        confirmingMethod: {
          invoke: {
            id: "confirmMfa",
            src: "confirmMfa",
            input: ({ context, event }) => ({ mfa_option: methodOf(context), otp_code: typedCode({ event }) }),
            onDone: saved,
            onError: refused,
          },
        },
        savingDefault: {
          invoke: {
            id: "setDefaultMfa",
            src: "setDefaultMfa",
            input: ({ context, event }) => ({
              mfa_option: methodOf(context),
              confirm_option: confirmWithOf(context),
              otp_code: typedCode({ event }),
            }),
            onDone: saved,
            onError: refused,
          },
        },
        removingMethod: {
          invoke: {
            id: "removeMfa",
            src: "removeMfa",
            input: ({ context, event }) => ({
              mfa_option: methodOf(context),
              confirm_option: confirmWithOf(context),
              otp_code: typedCode({ event }),
            }),
            onDone: saved,
            onError: refused,
          },
        },
      },
    },
    resend: {
      initial: "checkingResend",
      states: {
        checkingResend: { always: [{ guard: "offersResend", target: "coolingDown" }, { target: "notOffered" }] },
        notOffered: {},
        coolingDown: { after: { resendCooldown: "resendReady" } },
        resendReady: {
          on: {
            "code.resend": [
              { guard: "isAwaitingNewMethodCode", target: "resendingNewMethodCode", actions: "forgetFailure" },
              { target: "resendingStepUpCode", actions: "forgetFailure" },
            ],
          },
        },
        // Only the pending method's code: a resend never starts a method, so it needs no step-up.
        resendingNewMethodCode: {
          invoke: {
            id: "resendMfaCode",
            src: "resendMfaCode",
            input: ({ context }) => ({ mfa_option: methodOf(context) }),
            onDone: "coolingDown",
            onError: { target: "resendReady", actions: { type: "rememberFailure", params: failureOfCall } },
          },
        },
        resendingStepUpCode: {
          invoke: {
            id: "resendStepUpCode",
            src: "sendStepUpCode",
            input: ({ context }) => ({ mfa_option: confirmWithOf(context) }),
            onDone: "coolingDown",
            onError: { target: "resendReady", actions: { type: "rememberFailure", params: failureOfCall } },
          },
        },
      },
    },
  },
});
