import { fromPromise } from "xstate";
import type { ProfileDraft, ProfileSave } from "../../../domain/account/profile-form.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { profileFormMachine } from "../../../machines/account/profile-form.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The account feature's machines get their effects here and in mfa-change-machines.ts (docs/ui.md,
// "Where machines are provided"); the Settings parts take the provided logic and render its actor.

/** What the profile form's `submitForm` is given: the save, the draft and the record as last saved (its version goes with the PATCH). */
export type SubmitProfileInput = SubmitFormInput<ProfileDraft, ProfileSave, CurrentUser>;

/** The Settings profile form, saving through `save` (PATCH users/me/), which answers the saved record the form starts again from. */
export const profileFormLogicFor = (save: (input: SubmitProfileInput) => Promise<CurrentUser>) =>
  profileFormMachine.provide({
    actors: { submitForm: fromPromise<CurrentUser, SubmitProfileInput>(({ input }) => save(input)) },
  });
