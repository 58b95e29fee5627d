import { fromPromise } from "xstate";
import type { AccountApi } from "../../../adapters/account/account-api.ts";
import type { ProfileDraft, ProfileSave } from "../../../domain/account/profile-form.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { mfaChangeMachine } from "../../../machines/account/mfa-change.machine.ts";
import type { MfaChangeSaved } from "../../../machines/account/mfa-change.setup.ts";
import { profileFormMachine } from "../../../machines/account/profile-form.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

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

/** What the profile form's `submitForm` is given: the save, the draft and the record as last saved (its version goes with the PATCH). */
export type SubmitProfileInput = SubmitFormInput<ProfileDraft, ProfileSave, CurrentUser>;

/** The Settings profile form, saving through `save` (PATCH users/me/), which answers the saved record the form starts again from. */
export const profileFormLogicFor = (save: (input: SubmitProfileInput) => Promise<CurrentUser>) =>
  profileFormMachine.provide({
    actors: { submitForm: fromPromise<CurrentUser, SubmitProfileInput>(({ input }) => save(input)) },
  });
