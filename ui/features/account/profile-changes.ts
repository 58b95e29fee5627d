import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { validatePhone } from "../../../domain/shared/validators/phone.ts";
import { validateProfileName } from "../../../domain/account/profile-name.ts";
import type { ProfilePatchBody } from "../../../domain/account/account-wire.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";

export type ProfileField = "first_name" | "last_name" | "phone";

/** The profile form as typed; an empty phone keeps the number on record. */
export type ProfileDraft = { readonly first_name: string; readonly last_name: string; readonly phone: string };

export type ProfileErrors = Readonly<Partial<Record<ProfileField, string>>>;

/** The fields that changed, checked with the domain rules, or every field's first problem. */
export type ProfileCheck =
  | { readonly ok: true; readonly body: ProfilePatchBody; readonly changed: boolean }
  | { readonly ok: false; readonly errors: ProfileErrors };

// Only what the person changed is sent, so a save never overwrites a value they did not touch.
export const profileChanges = (user: CurrentUser, draft: ProfileDraft): ProfileCheck => {
  const errors: Partial<Record<ProfileField, string>> = {};
  const body: { first_name?: string; last_name?: string; phone?: string } = {};
  for (const field of ["first_name", "last_name"] as const) {
    const checked = validateProfileName(draft[field], field);
    if (!checked.ok) errors[field] = checked.message;
    else if (checked.value !== user[field]) body[field] = checked.value;
  }
  const phone = validatePhone(draft.phone, { required: false });
  if (!phone.ok) errors.phone = phone.message;
  else if (phone.value !== null) body.phone = phone.value;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body, changed: Object.keys(body).length > 0 };
};

const isProfileField = (field: string | undefined): field is ProfileField =>
  field === "first_name" || field === "last_name" || field === "phone";

/** Which field a refused save belongs to: the server's own field, else the phone for phone codes; null for the alert. */
export const profileFieldOf = (error: unknown): ProfileField | null => {
  if (!isApiFailure(error)) return null;
  if (isProfileField(error.field)) return error.field;
  if (error.code === "ERROR_002" || error.code === "ERROR_021") return "phone";
  return null;
};
