import { assertEvent } from "xstate";
import { validatePasswordChange } from "../../domain/shared/validators/password.ts";
import { failureOf } from "../shared/auth-failure.ts";
import { failureOfCall, preAuthTokenOf, signInSetup, unauthorizedTransition } from "./sign-in.setup.ts";

/** The forced password change: checked locally (ERROR_006, ERROR_010, ERROR_008), then change_pwd. */
export const changingPasswordState = signInSetup.createStateConfig({
  initial: "enteringPasswords",
  states: {
    enteringPasswords: {
      on: {
        "password.submit": [
          {
            guard: { type: "isPasswordChangeValid", params: ({ event }) => event },
            target: "savingPassword",
            actions: "forgetFailure",
          },
          { actions: { type: "rememberFailure", params: ({ event }) => failureOf(validatePasswordChange(event)) } },
        ],
      },
    },
    savingPassword: {
      invoke: {
        id: "changePassword",
        src: "changePassword",
        input: ({ context, event }) => {
          assertEvent(event, "password.submit");
          return {
            token: preAuthTokenOf(context),
            body: {
              old_password: event.oldPassword,
              new_password: event.newPassword,
              new_password_confirmation: event.confirmation,
            },
          };
        },
        onDone: [
          {
            guard: { type: "hasSingleDefaultApp", params: ({ context }) => context.user },
            target: "#signIn.enteringCode",
            actions: "rememberPasswordChanged",
          },
          {
            guard: { type: "hasSingleDefaultMethod", params: ({ context }) => context.user },
            target: "#signIn.sendingCode",
            actions: "rememberPasswordChanged",
          },
          { target: "#signIn.choosingMethod", actions: "rememberPasswordChanged" },
        ],
        onError: [
          unauthorizedTransition,
          { target: "enteringPasswords", actions: { type: "rememberFailure", params: failureOfCall } },
        ],
      },
    },
  },
});
