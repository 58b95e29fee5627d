import { toSmsPhone } from "../../domain/shared/validators/phone.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import { failureOf } from "../shared/auth-failure.ts";
import { awaitingCodeState } from "./mfa-change.code-states.ts";
import { confirmWithOf, failureOfCall, mfaChangeSetup, startRefusal } from "./mfa-change.setup.ts";
import { INITIAL_MFA_CHANGE_CONTEXT, type MfaChangeKind } from "./mfa-change.types.ts";

type StartEvent = { readonly event: { readonly method: MfaMethod; readonly methods: readonly MfaMethod[] } };

const start = ({ event }: StartEvent) => ({ method: event.method, methods: event.methods });
const begin =
  (change: MfaChangeKind) =>
  ({ event }: StartEvent) => ({ change, method: event.method, methods: event.methods });
// Reached only when the start guard refused, so there is always a refusal to show.
const refuse =
  (change: MfaChangeKind) =>
  ({ event }: StartEvent) =>
    startRefusal(change, start({ event })) ?? { code: "ERROR_001" as const, message: "" };

/** The same three starts from rest and after a saved change; each is checked by the domain rules before any call. */
const startTransitions = mfaChangeSetup.createStateConfig({
  on: {
    "add.start": [
      {
        guard: { type: "canAddSms", params: start },
        target: "#mfaChange.enteringPhone",
        actions: { type: "beginChange", params: begin("add") },
      },
      {
        guard: { type: "canAdd", params: start },
        target: "#mfaChange.choosingConfirmation",
        actions: { type: "beginChange", params: begin("add") },
      },
      { actions: { type: "rememberFailure", params: refuse("add") } },
    ],
    "default.start": [
      {
        guard: { type: "canSetDefault", params: start },
        target: "#mfaChange.choosingConfirmation",
        actions: { type: "beginChange", params: begin("default") },
      },
      { actions: { type: "rememberFailure", params: refuse("default") } },
    ],
    "remove.start": [
      {
        guard: { type: "canRemove", params: start },
        target: "#mfaChange.choosingConfirmation",
        actions: { type: "beginChange", params: begin("remove") },
      },
      { actions: { type: "rememberFailure", params: refuse("remove") } },
    ],
  },
});

/**
 * One confirmed change of the signed-in person's second factors (Settings > Security). Every
 * change is confirmed with a fresh code of a method already confirmed. Adding one sends that code
 * with the start (SMS asks for the number first), then proves the new method works with its own
 * first code (an app shows its secret before). Rests in `done` with the answered user;
 * `change.cancel` ends any step.
 */
export const mfaChangeMachine = mfaChangeSetup.createMachine({
  id: "mfaChange",
  initial: "idle",
  context: INITIAL_MFA_CHANGE_CONTEXT,
  on: {
    "change.cancel": { target: ".idle", actions: "resetChange" },
  },
  states: {
    idle: startTransitions,
    enteringPhone: {
      on: {
        "phone.submit": [
          {
            guard: { type: "isValidSmsPhone", params: ({ event }) => event },
            target: "choosingConfirmation",
            actions: [{ type: "rememberPhone", params: ({ event }) => event }, "forgetFailure"],
          },
          { actions: { type: "rememberFailure", params: ({ event }) => failureOf(toSmsPhone(event.phone)) } },
        ],
      },
    },
    showingSecret: {
      on: { "secret.scanned": "awaitingCode" },
    },
    choosingConfirmation: {
      on: {
        "confirmation.choose": [
          {
            guard: { type: "isSentChoice", params: ({ event }) => event },
            target: "sendingCode",
            actions: [{ type: "rememberConfirmation", params: ({ event }) => event }, "forgetFailure"],
          },
          {
            guard: { type: "isConfirmedChoice", params: ({ event }) => event },
            target: "awaitingCode",
            actions: [{ type: "rememberConfirmation", params: ({ event }) => event }, "forgetFailure"],
          },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: "sendStepUpCode",
        src: "sendStepUpCode",
        input: ({ context }) => ({ mfa_option: confirmWithOf(context) }),
        onDone: "awaitingCode",
        // The cooldown's ERROR_012 among them: the person may pick another method or wait.
        onError: { target: "choosingConfirmation", actions: { type: "rememberFailure", params: failureOfCall } },
      },
    },
    awaitingCode: awaitingCodeState,
    done: startTransitions,
  },
});
