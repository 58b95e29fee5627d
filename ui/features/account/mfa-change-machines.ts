import { fromPromise } from "xstate";
import type { AccountApi } from "../../../adapters/account/account-api.ts";
import { mfaChangeMachine } from "../../../machines/account/mfa-change.machine.ts";
import type { MfaChangeSaved } from "../../../machines/account/mfa-change.setup.ts";

// The second-factor change flow gets its effects here, beside the Security tab it serves: the tab is
// a lazy chunk, and the machine (with the SMS phone rule and its library) goes with it, not with
// the profile that /settings opens on (issue 35; account-machines.ts holds the profile form's).

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
