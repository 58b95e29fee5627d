import type { PlaceId } from "../shared/ids.ts";
import { validatePostalCode } from "../patients/index.ts";
import type { Failure } from "../shared/result.ts";
import { changedFields, type FieldChange } from "../shared/record-conflict.ts";
import { canChangeEmail } from "../shared/statuses/staff-status.ts";
import { checkEmailInDomains } from "../shared/validators/email-domain.ts";
import { validateEmail } from "../shared/validators/email.ts";
import { validateVisibleText } from "../shared/validators/invisible-characters.ts";
import { validatePersonName } from "../shared/validators/person-name.ts";
import { validatePhone } from "../shared/validators/phone.ts";
import type { Place } from "../shared/wire/place.ts";
import type { StaffCreateBody, StaffMember, StaffPatchBody } from "./staff-wire.ts";

/** The SLP form as typed: text fields and picked places. */
export type StaffDraft = {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone: string;
  readonly address_1: string;
  readonly address_2: string;
  readonly zip_code: string;
  readonly country: Place | null;
  readonly state: Place | null;
  readonly city: Place | null;
};

export type StaffTextField = "first_name" | "last_name" | "email" | "phone" | "address_1" | "address_2" | "zip_code";
export type StaffPlaceField = "country" | "state" | "city";
/** Every field a message can belong to, in the order the form shows them (focus goes to the first invalid one). */
export const STAFF_FORM_FIELDS = ["first_name", "last_name", "email", "phone", "address_1", "address_2", "country", "state", "city", "zip_code"] as const;
export type StaffFormFieldName = (typeof STAFF_FORM_FIELDS)[number];
export type StaffFormMessages = Readonly<Partial<Record<StaffFormFieldName, string>>>;

/** What the save sends: a new SLP, or only the fields an edit changed. */
export type StaffSave = { readonly kind: "create"; readonly body: StaffCreateBody } | { readonly kind: "update"; readonly body: StaffPatchBody };

export type StaffFormState = {
  readonly draft: StaffDraft;
  /** The record being edited (null on the create page): what "changed" is measured against, and whether the e-mail may change. */
  readonly record: StaffMember | null;
  /** The institution's allowed e-mail domains when known (none: any address; the server checks again, ERROR_022). */
  readonly allowedDomains: readonly string[];
  readonly messages: StaffFormMessages;
  /** A failure that belongs to no field. */
  readonly alert: string | null;
  /** Said politely (nothing to save). */
  readonly status: string;
  /** The save to send now; the page sends it once ("sent") and answers "failed" or moves on. */
  readonly save: StaffSave | null;
  /** Bumped on every refused submit, so the page moves focus to the first invalid field each time. */
  readonly attempt: number;
};

export type StaffFormEvent =
  | { readonly type: "edited"; readonly field: StaffTextField; readonly value: string }
  | { readonly type: "placeChosen"; readonly field: StaffPlaceField; readonly place: Place | null }
  | { readonly type: "submitted" }
  | { readonly type: "sent" }
  | { readonly type: "failed"; readonly field: string | null; readonly message: string };

export const EMPTY_STAFF_DRAFT: StaffDraft = {
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  address_1: "",
  address_2: "",
  zip_code: "",
  country: null,
  state: null,
  city: null,
};

export const NOTHING_TO_SAVE = "Nothing has changed, so there is nothing to save.";

/** The e-mail is where the SLP's invitation goes and then their sign-in: it may change only while they are pending (ERROR_053). */
export const STAFF_EMAIL_LOCKED_HINT = "The email can change only while the SLP is pending: they already sign in with it.";

/** The form as it opens on an SLP's record: their values, blanks for what is not on file. */
export const staffDraftOf = (member: StaffMember): StaffDraft => ({
  first_name: member.first_name,
  last_name: member.last_name,
  email: member.email,
  phone: member.contact_info.phone ?? "",
  address_1: member.contact_info.address_1 ?? "",
  address_2: member.contact_info.address_2 ?? "",
  zip_code: member.contact_info.zip_code ?? "",
  country: member.contact_info.country,
  state: member.contact_info.state,
  city: member.contact_info.city,
});

export const initialStaffForm = (record: StaffMember | null, allowedDomains: readonly string[] = []): StaffFormState => ({
  draft: record === null ? EMPTY_STAFF_DRAFT : staffDraftOf(record),
  record,
  allowedDomains,
  messages: {},
  alert: null,
  status: "",
  save: null,
  attempt: 0,
});

/** Whether the e-mail field takes changes (always on create; only while pending on edit). */
export const staffEmailEditable = (state: Pick<StaffFormState, "record">): boolean => state.record === null || canChangeEmail(state.record.status);

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

const countryOf = (draft: StaffDraft) => (draft.country === null ? null : { name: draft.country.name, code2: draft.country.code2 ?? "" });

/** The postal code checked as it is typed, against the chosen country (ERROR_076); blank is fine. */
const postalMessage = (draft: StaffDraft): string | undefined => {
  const checked = validatePostalCode(draft.zip_code, countryOf(draft));
  return checked.ok ? undefined : checked.message;
};

type Checked = {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly address_1: string;
  readonly address_2: string;
  readonly zip_code: string;
};

/**
 * An SLP needs a first and last name (2 characters at least) and a valid e-mail inside the
 * institution's domains when they are known (ERROR_022); phone (ERROR_002) and postal code
 * (ERROR_076, against the chosen country) are optional but must be valid when given. The e-mail
 * is checked only when it will be sent: always for a new SLP, on an edit only when it changed.
 */
export const checkStaffDraft = (
  draft: StaffDraft,
  options: { readonly checkEmail: boolean; readonly allowedDomains: readonly string[] },
): { readonly ok: true; readonly value: Checked } | { readonly ok: false; readonly errors: Partial<Record<StaffFormFieldName, Failure>> } => {
  const errors: Partial<Record<StaffFormFieldName, Failure>> = {};
  const check = <A>(field: StaffFormFieldName, result: { ok: true; value: A } | Failure, fallback: A): A => {
    if (result.ok) return result.value;
    errors[field] = result;
    return fallback;
  };
  const emailFormat = options.checkEmail ? validateEmail(draft.email) : ({ ok: true, value: draft.email.trim() } as const);
  const email = emailFormat.ok && options.checkEmail ? checkEmailInDomains(emailFormat.value, options.allowedDomains, "ERROR_022") : emailFormat;
  const value: Checked = {
    first_name: check("first_name", validatePersonName(draft.first_name, "first name", "first_name"), ""),
    last_name: check("last_name", validatePersonName(draft.last_name, "last name", "last_name"), ""),
    email: check("email", email, ""),
    phone: check("phone", validatePhone(draft.phone, { required: false }), null),
    address_1: check("address_1", validateVisibleText(draft.address_1.trim(), "address", "address_1"), ""),
    address_2: check("address_2", validateVisibleText(draft.address_2.trim(), "address", "address_2"), ""),
    zip_code: check("zip_code", validatePostalCode(draft.zip_code, countryOf(draft)), ""),
  };
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
};

const blankToNull = (text: string): string | null => (text === "" ? null : text);

type ContactWrite = NonNullable<StaffCreateBody["contact_info"]>;

const contactOf = (draft: StaffDraft, value: Checked): ContactWrite => ({
  address_1: blankToNull(value.address_1),
  address_2: blankToNull(value.address_2),
  country: draft.country?.id ?? null,
  state: draft.state?.id ?? null,
  city: draft.city?.id ?? null,
  zip_code: blankToNull(value.zip_code),
  phone: value.phone,
});

const recordContact = (record: StaffMember): Readonly<Record<keyof ContactWrite, string | PlaceId | null>> => ({
  address_1: record.contact_info.address_1,
  address_2: record.contact_info.address_2,
  country: record.contact_info.country?.id ?? null,
  state: record.contact_info.state?.id ?? null,
  city: record.contact_info.city?.id ?? null,
  zip_code: record.contact_info.zip_code,
  phone: record.contact_info.phone,
});

/**
 * Only what differs from the record, so a save never overwrites what the person did not touch;
 * the e-mail goes only while pending and only when it really changed (the same address is ERROR_047).
 */
export const staffPatchOf = (record: StaffMember, draft: StaffDraft, value: Checked): StaffPatchBody => {
  const patch: { -readonly [K in keyof StaffPatchBody]: StaffPatchBody[K] } = {};
  if (value.first_name !== record.first_name) patch.first_name = value.first_name;
  if (value.last_name !== record.last_name) patch.last_name = value.last_name;
  if (canChangeEmail(record.status) && !sameEmail(value.email, record.email)) patch.email = value.email;
  const before = recordContact(record);
  const after = contactOf(draft, value);
  const contact: { -readonly [K in keyof ContactWrite]?: ContactWrite[K] } = {};
  for (const key of Object.keys(after) as (keyof ContactWrite)[]) {
    if ((after[key] ?? null) !== (before[key] ?? null)) Object.assign(contact, { [key]: after[key] ?? null });
  }
  if (Object.keys(contact).length > 0) patch.contact_info = contact;
  return patch;
};

const messagesOf = (errors: Partial<Record<StaffFormFieldName, Failure>>): StaffFormMessages => {
  const messages: Partial<Record<StaffFormFieldName, string>> = {};
  for (const field of STAFF_FORM_FIELDS) {
    const failure = errors[field];
    if (failure !== undefined) messages[field] = failure.message;
  }
  return messages;
};

/**
 * The SLP form, whole (invite and edit): what is typed, each field's message, the alert and the
 * save it asks for. The page renders it and sends events; whatever the server answers, nothing
 * typed is lost, and a server refusal that names a field (ERROR_022, ERROR_031, ERROR_021…) shows on it.
 */
export const staffFormReducer = (state: StaffFormState, event: StaffFormEvent): StaffFormState => {
  switch (event.type) {
    case "edited": {
      const draft = { ...state.draft, [event.field]: event.value };
      const messages = { ...state.messages, [event.field]: undefined };
      return { ...state, draft, messages: event.field === "zip_code" ? { ...messages, zip_code: postalMessage(draft) } : messages, status: "" };
    }
    case "placeChosen": {
      // A new country empties the state and city it no longer contains; a new state, the city.
      const draft: StaffDraft =
        event.field === "country"
          ? { ...state.draft, country: event.place, ...(event.place?.id === state.draft.country?.id ? {} : { state: null, city: null }) }
          : event.field === "state"
            ? { ...state.draft, state: event.place, ...(event.place?.id === state.draft.state?.id ? {} : { city: null }) }
            : { ...state.draft, city: event.place };
      const zip = draft.zip_code.trim() === "" ? undefined : postalMessage(draft);
      return { ...state, draft, messages: { ...state.messages, [event.field]: undefined, zip_code: zip }, status: "" };
    }
    case "submitted": {
      const { draft, record } = state;
      const emailSent = record === null || (staffEmailEditable(state) && !sameEmail(draft.email, record.email));
      const checked = checkStaffDraft(draft, { checkEmail: emailSent, allowedDomains: state.allowedDomains });
      const cleared = { ...state, alert: null, status: "" };
      if (!checked.ok) return { ...cleared, messages: messagesOf(checked.errors), attempt: state.attempt + 1 };
      const { value } = checked;
      if (record === null) {
        const body: StaffCreateBody = { first_name: value.first_name, last_name: value.last_name, email: value.email, role: "staff", contact_info: contactOf(draft, value) };
        return { ...cleared, messages: {}, save: { kind: "create", body } };
      }
      const patch = staffPatchOf(record, draft, value);
      if (Object.keys(patch).length === 0) return { ...cleared, messages: {}, status: NOTHING_TO_SAVE };
      return { ...cleared, messages: {}, save: { kind: "update", body: patch } };
    }
    case "sent":
      return { ...state, save: null };
    case "failed": {
      const field = staffFieldOfFailure(event.field);
      return field === null
        ? { ...state, alert: event.message }
        : { ...state, messages: { ...state.messages, [field]: event.message }, attempt: state.attempt + 1 };
    }
  }
};

/** The form field a server failure names ("contact_info.phone" is the phone), or null for the alert. */
export const staffFieldOfFailure = (field: string | null): StaffFormFieldName | null => {
  if (field === null) return null;
  const last = field.split(".").at(-1) ?? "";
  return STAFF_FORM_FIELDS.find((name) => name === last) ?? null;
};

/** The first field with a message, in the form's order: where focus goes after a refused submit. */
export const firstInvalidStaffField = (messages: StaffFormMessages): StaffFormFieldName | undefined =>
  STAFF_FORM_FIELDS.find((field) => messages[field] !== undefined);

// Picked places are the same choice when they name the same place.
const idOf = (value: unknown): unknown => (typeof value === "object" && value !== null && "id" in value ? value.id : value);

/** What someone else's edit means for the person's: every field they edited, with the value stored now and their own. */
export const staffConflict = (started: StaffMember, current: StaffMember, draft: StaffDraft): readonly FieldChange<StaffDraft, keyof StaffDraft & string>[] =>
  changedFields(staffDraftOf(started), staffDraftOf(current), draft, (a, b) => idOf(a) === idOf(b));

/** A form value in words: text as typed, a place by name, nothing as "". */
export const staffValueText = (value: StaffDraft[keyof StaffDraft]): string => (value === null ? "" : typeof value === "string" ? value : value.name);

/** A save of the SLP form: the fields the person changed (what goes to the server) and the form as they typed it. */
export type StaffEdit = { readonly body: StaffPatchBody; readonly draft: StaffDraft };

/** The person's edit carried onto the record someone else stored meanwhile: it holds only their changes, so it goes again as it was. */
export const staffEditOnCurrent = (_started: StaffMember, _current: StaffMember, edit: StaffEdit): StaffEdit => edit;
