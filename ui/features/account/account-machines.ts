import { fromPromise } from "xstate";
import type { AccountApi } from "../../../adapters/account/account-api.ts";
import { mfaChangeMachine } from "../../../machines/account/mfa-change.machine.ts";
import type { MfaChangeSaved } from "../../../machines/account/mfa-change.setup.ts";

// The account feature's machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); the Settings parts take the provided logic and render its actor.

/** The second-factor change flow with its calls bound to the account API and its announcement to the page. */
export const mfaChangeLogicFor = (accountApi: AccountApi, onSaved: (saved: MfaChangeSaved) => void) =>
  mfaChangeMachine.provide({
    actors: {
      startMfa: fromPromise(({ input }) => accountApi.startMfa(input)),
      resendMfaCode: fromPromise(({ input }) => accountApi.resendMfaCode(input)),
      confirmMfa: fromPromise(({ input }) => accountApi.confirmMfa(input)),
      sendStepUpCode: fromPromise(({ input }) => accountApi.sendStepUpCode(input)),
      setDefaultMfa: fromPromise(({ input }) => accountApi.setDefaultMfa(input)),
      removeMfa: fromPromise(({ input }) => accountApi.removeMfa(input)),
    },
    actions: { announceSaved: (_args, saved) => onSaved(saved) },
  });

export type MfaChangeLogic = ReturnType<typeof mfaChangeLogicFor>;
