import { assign, setup } from "xstate";
import { addableMfaMethods, canRemoveMfaMethod, LAST_METHOD_DETAIL } from "../../domain/auth/index.ts";
import { catalogueMessage, type ErrorCode } from "../../domain/shared/error-catalogue.ts";
import { validateOtp } from "../../domain/shared/validators/otp.ts";
import { toSmsPhone } from "../../domain/shared/validators/phone.ts";
import type { AddMfaAppResponse } from "../../domain/account/account-wire.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import { toAuthFailure, type AuthFailure } from "../shared/auth-failure.ts";
import { isSentMethod } from "../auth/index.ts";
import { mfaChangeActors } from "./mfa-change.actors.ts";
import {
  INITIAL_MFA_CHANGE_CONTEXT,
  type MfaChangeContext,
  type MfaChangeEvent,
  type MfaChangeKind,
} from "./mfa-change.types.ts";

/** Servers send a new code at most every 30 s (a sooner request is ERROR_012); the resend button waits as long. */
export const RESEND_COOLDOWN_MS = 30_000;

type Start = { readonly method: MfaMethod; readonly methods: readonly MfaMethod[] };
type Chosen = { readonly method: MfaMethod };
type Typed = { readonly code: string };

/** What the page hears once a change is saved: it updates the cached user and says so. */
export type MfaChangeSaved = { readonly change: MfaChangeKind; readonly method: MfaMethod; readonly user: CurrentUser };

const refusal = (code: ErrorCode, message = catalogueMessage(code)): AuthFailure => ({ code, message });

/** Why a change cannot start, checked with the domain rules before any call; null when it may. */
export const startRefusal = (change: MfaChangeKind, start: Start): AuthFailure | null => {
  if (change === "add") return addableMfaMethods(start.methods).includes(start.method) ? null : refusal("ERROR_015");
  if (!start.methods.includes(start.method)) return refusal("ERROR_017");
  if (change === "remove" && !canRemoveMfaMethod(start.methods, start.method)) {
    return refusal("ERROR_056", `${LAST_METHOD_DETAIL.charAt(0).toUpperCase()}${LAST_METHOD_DETAIL.slice(1)}.`);
  }
  return null;
};

/** The method whose code the person types now: the new one once an add started, else the confirming one. */
export const codeMethodOf = (context: MfaChangeContext): MfaMethod | null =>
  context.change === "add" && context.started ? context.method : context.confirmWith;

// XState reads only the types of `setup({ types })`; a declared return type hands over the whole union.
const anyMfaChangeEvent = (): MfaChangeEvent => ({ type: "change.cancel" });

/** Types, guards, actions and actors of the second-factor change flow; the machine is in mfa-change.machine.ts. */
export const mfaChangeSetup = setup({
  types: {
    context: INITIAL_MFA_CHANGE_CONTEXT,
    events: anyMfaChangeEvent(),
  },
  actors: mfaChangeActors,
  delays: { resendCooldown: RESEND_COOLDOWN_MS },
  guards: {
    canAdd: (_, start: Start) => startRefusal("add", start) === null,
    canSetDefault: (_, start: Start) => startRefusal("default", start) === null,
    canRemove: (_, start: Start) => startRefusal("remove", start) === null,
    canAddSms: (_, start: Start) => start.method === "sms" && startRefusal("add", start) === null,
    isValidSmsPhone: (_, typed: { readonly phone: string }) => toSmsPhone(typed.phone).ok,
    isAddingApp: ({ context }) => context.method === "app",
    // A number the server refused is corrected on the phone step; other refusals stay on the code.
    isRefusedNumber: ({ context }, failure: AuthFailure) =>
      context.method === "sms" && (failure.code === "ERROR_002" || failure.code === "ERROR_013" || failure.code === "ERROR_021"),
    isConfirmedChoice: ({ context }, chosen: Chosen) => context.confirmed.includes(chosen.method),
    isSentChoice: ({ context }, chosen: Chosen) => context.confirmed.includes(chosen.method) && isSentMethod(chosen.method),
    // One guard per change, so a valid code goes straight to the call that change needs; an add's
    // first code is the step-up that starts the method, its second the new method's own.
    isValidStepUpToAdd: ({ context }, typed: Typed) => context.change === "add" && !context.started && validateOtp(typed.code).ok,
    isValidCodeToAdd: ({ context }, typed: Typed) => context.change === "add" && context.started && validateOtp(typed.code).ok,
    isValidCodeForDefault: ({ context }, typed: Typed) => context.change === "default" && validateOtp(typed.code).ok,
    isValidCodeToRemove: ({ context }, typed: Typed) => context.change === "remove" && validateOtp(typed.code).ok,
    isAwaitingNewMethodCode: ({ context }) => context.change === "add" && context.started,
    // A new email or SMS method and an email or SMS confirmation get codes sent; an app makes its own.
    offersResend: ({ context }) => isSentMethod(codeMethodOf(context)),
  },
  actions: {
    beginChange: assign((_, start: Start & { readonly change: MfaChangeKind }) => ({
      ...INITIAL_MFA_CHANGE_CONTEXT,
      change: start.change,
      method: start.method,
      confirmed: [...start.methods],
    })),
    rememberFailure: assign((_, failure: AuthFailure) => ({ error: failure })),
    forgetFailure: assign({ error: null }),
    rememberPhone: assign((_, typed: { readonly phone: string }) => {
      const phone = toSmsPhone(typed.phone);
      return { phone: phone.ok ? phone.value : null };
    }),
    rememberTotp: assign((_, totp: AddMfaAppResponse | undefined) => ({ totp: totp ?? null })),
    rememberConfirmation: assign((_, chosen: Chosen) => ({ confirmWith: chosen.method })),
    markStarted: assign({ started: true }),
    // The secret and the phone go once the change is saved; only the answered user stays.
    finishChange: assign((_, user: CurrentUser) => ({ ...INITIAL_MFA_CHANGE_CONTEXT, user })),
    resetChange: assign(() => INITIAL_MFA_CHANGE_CONTEXT),
    // The page provides this: it updates the cached user and shows a toast.
    announceSaved: (_args: unknown, _saved: MfaChangeSaved) => {},
  },
});

// Only states after a start invoke calls; a missing value is a bug, not a person's mistake.
const required = <T>(value: T | null, what: string): T => {
  if (value === null) throw new Error(`mfa-change: ${what} is missing`);
  return value;
};

/** The method being added, made default or removed. */
export const methodOf = (context: MfaChangeContext): MfaMethod => required(context.method, "method");

/** The method confirming a default change or a removal. */
export const confirmWithOf = (context: MfaChangeContext): MfaMethod => required(context.confirmWith, "confirming method");

/** The change under way. */
export const changeOf = (context: MfaChangeContext): MfaChangeKind => required(context.change, "change");

/** The failure a call rejected with, read from its xstate.error.actor event. */
export const failureOfCall = ({ event }: { readonly event: { readonly error: unknown } }): AuthFailure =>
  toAuthFailure(event.error);
