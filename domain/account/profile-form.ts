import { checkPhone, type PhoneNumbers } from "../shared/validators/phone-rule.ts";
import type { ProfilePatchBody } from "./account-wire.ts";
import { validateProfileName } from "./profile-name.ts";

// The Settings profile form's rules, run by the profile-form machine (machines/account/profile-form.machine.ts):
// the check of what changed, the removal of the phone and the field a refused save belongs to.

export type ProfileField = "first_name" | "last_name" | "phone";

/** The profile form as typed; an empty phone keeps the number on record. */
export type ProfileDraft = { readonly first_name: string; readonly last_name: string; readonly phone: string };

export type ProfileErrors = Readonly<Partial<Record<ProfileField, string>>>;

/** The saved record as the form reads it. */
export type ProfileRecord = { readonly first_name: string; readonly last_name: string };

/** The fields that changed, checked with the domain rules, or every field's first problem. */
export type ProfileCheck =
  | { readonly ok: true; readonly body: ProfilePatchBody; readonly changed: boolean }
  | { readonly ok: false; readonly errors: ProfileErrors };

// Only what the person changed is sent, so a save never overwrites a value they did not touch.
export const profileChanges = (user: ProfileRecord, draft: ProfileDraft, numbers: PhoneNumbers): ProfileCheck => {
  const errors: Partial<Record<ProfileField, string>> = {};
  const body: { first_name?: string; last_name?: string; phone?: string } = {};
  for (const field of ["first_name", "last_name"] as const) {
    const checked = validateProfileName(draft[field], field);
    if (!checked.ok) errors[field] = checked.message;
    else if (checked.value !== user[field]) body[field] = checked.value;
  }
  const phone = checkPhone(draft.phone, { required: false }, numbers);
  if (!phone.ok) errors.phone = phone.message;
  else if (phone.value !== null) body.phone = phone.value;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body, changed: Object.keys(body).length > 0 };
};

/** What a save of the profile sends, and the toast's title once it went through (a save and a removal of the phone say different things). */
export type ProfileSave = { readonly body: ProfilePatchBody; readonly done: string };

/** The form as it opens on the person's record; the phone starts empty (typing one replaces the number on record). */
export const profileDraftOf = (record: ProfileRecord): ProfileDraft => ({ first_name: record.first_name, last_name: record.last_name, phone: "" });

/** The profile form checked against the record it edits: each field's first problem, or the save of what changed (an empty body when nothing did). */
export const checkProfileForm = (
  draft: ProfileDraft,
  record: ProfileRecord,
  numbers: PhoneNumbers,
): { readonly ok: true; readonly value: ProfileSave } | { readonly ok: false; readonly errors: ProfileErrors } => {
  const checked = profileChanges(record, draft, numbers);
  return checked.ok ? { ok: true, value: { body: checked.body, done: "Profile saved" } } : checked;
};

/** Removing the phone on record: sent as it is, whatever is typed in the fields. */
export const PHONE_REMOVAL: ProfileSave = { body: { phone: null }, done: "Phone number removed" };

/** Whether a profile save has nothing to send. */
export const profileSavesNothing = (save: ProfileSave): boolean => Object.keys(save.body).length === 0;

const isProfileField = (field: unknown): field is ProfileField => field === "first_name" || field === "last_name" || field === "phone";

/** Which field a refused save belongs to: the server's own field, else the phone for the phone's codes (ERROR_002, ERROR_021); null for the alert. */
export const profileFieldOf = (failure: unknown): ProfileField | null => {
  if (typeof failure !== "object" || failure === null) return null;
  if ("field" in failure && isProfileField(failure.field)) return failure.field;
  return "code" in failure && (failure.code === "ERROR_002" || failure.code === "ERROR_021") ? "phone" : null;
};
