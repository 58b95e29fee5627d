import { fromPromise } from "xstate";
import type {
  AddMfaAppResponse,
  AddMfaBody,
  ConfirmMfaBody,
  DefaultMfaBody,
  RemoveMfaBody,
  ResendMfaCodeBody,
  SendStepUpCodeBody,
} from "../../domain/account/account-wire.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";

// Placeholders fail loudly: the app and the tests must provide every effect the flow uses.
const notProvided = (name: string) => () => Promise.reject(new Error(`mfa-change actor "${name}" was not provided`));

/** The account calls of a second-factor change; each rejects with an AuthFailure-shaped value on an expected failure. */
export const mfaChangeActors = {
  /** Proven by a step-up code. Email and SMS answer nothing (a code was sent to the new method); an app answers its secret. */
  startMfa: fromPromise<AddMfaAppResponse | undefined, AddMfaBody>(notProvided("startMfa")),
  /** A fresh code for the email or SMS method being added; it starts nothing. */
  resendMfaCode: fromPromise<void, ResendMfaCodeBody>(notProvided("resendMfaCode")),
  confirmMfa: fromPromise<CurrentUser, ConfirmMfaBody>(notProvided("confirmMfa")),
  sendStepUpCode: fromPromise<void, SendStepUpCodeBody>(notProvided("sendStepUpCode")),
  setDefaultMfa: fromPromise<CurrentUser, DefaultMfaBody>(notProvided("setDefaultMfa")),
  removeMfa: fromPromise<CurrentUser, RemoveMfaBody>(notProvided("removeMfa")),
};
