import { validatePhone } from "../shared/validators/phone.ts";
import type { ProfilePatchBody } from "./account-wire.ts";
import { validateProfileName } from "./profile-name.ts";

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
export const profileChanges = (user: ProfileRecord, draft: ProfileDraft): ProfileCheck => {
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

export const NOTHING_CHANGED = "Nothing has changed, so there is nothing to save.";

/**
 * The Settings profile form, whole: what is typed, each field's message, the form's alert and its
 * status, and the save it asks for. One state, so the page renders it and sends events
 * (docs/ui.md, "Where logic lives"); every typed value survives whatever the server answers.
 */
export type ProfileFormState = {
  readonly draft: ProfileDraft;
  readonly errors: ProfileErrors;
  readonly alert: string | null;
  readonly status: string;
  /** The save to send now (the page sends it once and answers with saved or failed). */
  readonly save: { readonly body: ProfilePatchBody; readonly done: string } | null;
};

export type ProfileFormEvent =
  | { readonly type: "edited"; readonly field: ProfileField; readonly value: string }
  | { readonly type: "submitted"; readonly record: ProfileRecord }
  | { readonly type: "phoneRemoved" }
  | { readonly type: "sent" }
  | { readonly type: "saved"; readonly record: ProfileRecord }
  | { readonly type: "failed"; readonly field: ProfileField | null; readonly message: string };

export const initialProfileForm = (record: ProfileRecord): ProfileFormState => ({
  draft: { first_name: record.first_name, last_name: record.last_name, phone: "" },
  errors: {},
  alert: null,
  status: "",
  save: null,
});

export const profileFormReducer = (state: ProfileFormState, event: ProfileFormEvent): ProfileFormState => {
  switch (event.type) {
    case "edited":
      // A corrected field drops its old message; the others keep theirs until the next save.
      return { ...state, draft: { ...state.draft, [event.field]: event.value }, errors: { ...state.errors, [event.field]: undefined } };
    case "submitted": {
      const checked = profileChanges(event.record, state.draft);
      const cleared = { ...state, alert: null, status: "" };
      if (!checked.ok) return { ...cleared, errors: checked.errors };
      if (!checked.changed) return { ...cleared, errors: {}, status: NOTHING_CHANGED };
      return { ...cleared, errors: {}, save: { body: checked.body, done: "Profile saved" } };
    }
    case "phoneRemoved":
      return { ...state, alert: null, status: "", errors: {}, save: { body: { phone: null }, done: "Phone number removed" } };
    case "sent":
      return { ...state, save: null };
    case "saved":
      return { ...state, draft: { first_name: event.record.first_name, last_name: event.record.last_name, phone: "" } };
    case "failed":
      return event.field === null ? { ...state, alert: event.message } : { ...state, errors: { [event.field]: event.message } };
  }
};
