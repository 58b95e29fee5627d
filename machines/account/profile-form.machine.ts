import {
  checkProfileForm,
  type ProfileDraft,
  profileDraftOf,
  type ProfileField,
  profileFieldOf,
  type ProfileSave,
  profileSavesNothing,
} from "../../domain/account/profile-form.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import { phoneNumbersOf, type PhoneTools } from "../../domain/shared/validators/phone-rule.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusalWhere } from "../shared/form-refusal.ts";

// Settings > Profile on the shared create-form machine, opened on the signed-in person's record:
// the domain's check of what changed (nothing changed sends nothing), or `form.send` with the
// removal of the phone, then the page's PATCH users/me/ naming the record's version. The form
// stays open: once saved it starts again from the saved record. A refusal goes under its field
// (a phone code with no field under the phone), any other in the alert.

/** The profile form; its basis is the person's record as last saved. */
export const profileFormMachine = createCreateFormMachine<ProfileDraft, ProfileSave, ProfileField, CurrentUser, CurrentUser, PhoneTools>({
  id: "profileForm",
  check: (draft, _now, record, tools) => checkProfileForm(draft, record, phoneNumbersOf(tools)),
  fieldOfFailure: fieldOfRefusalWhere(profileFieldOf),
  unchanged: profileSavesNothing,
  refill: (saved) => ({ draft: profileDraftOf(saved), basis: saved }),
});

export type ProfileFormMachine = typeof profileFormMachine;
