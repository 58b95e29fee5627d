import type { Failure } from "../shared/result.ts";
import {
  contactChanges,
  contactDraftOf,
  contactWriteOf,
  countryChoiceOf,
  EMPTY_CONTACT_DRAFT,
  type PersonContactDraft,
  personFieldOfServerField,
  storedContactOf,
} from "../shared/person-form.ts";
import { changedFields, type FieldChange } from "../shared/record-conflict.ts";
import { canChangeEmail } from "../shared/statuses/staff-status.ts";
import { checkEmailInDomains } from "../shared/validators/email-domain.ts";
import { validateEmail } from "../shared/validators/email.ts";
import { validateVisibleText } from "../shared/validators/invisible-characters.ts";
import { validatePersonName } from "../shared/validators/person-name.ts";
import { checkPhone, type PhoneNumbers } from "../shared/validators/phone-rule.ts";
import { validatePostalCode } from "../shared/validators/postal-code.ts";
import type { StaffCreateBody, StaffMember, StaffPatchBody } from "./staff-wire.ts";

// The SLP form's rules for invite and edit, run by the staff-form machine
// (machines/slps/staff-form.machine.ts): the draft a record opens as, the one check that builds
// the save (on an edit, only what changed) and the field a server refusal names.

/** The SLP form as typed: text fields and picked places. */
export type StaffDraft = PersonContactDraft & {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
};

/** Every field a message can belong to (a server refusal naming another is the whole form's). */
export const STAFF_FORM_FIELDS = ["first_name", "last_name", "email", "phone", "address_1", "address_2", "country", "state", "city", "zip_code"] as const;
export type StaffFormFieldName = (typeof STAFF_FORM_FIELDS)[number];
export type StaffFormMessages = Readonly<Partial<Record<StaffFormFieldName, string>>>;

/** What the save sends: a new SLP, or only the fields an edit changed. */
export type StaffSave = { readonly kind: "create"; readonly body: StaffCreateBody } | { readonly kind: "update"; readonly body: StaffPatchBody };

/** What the SLP form is opened on: the record an edit changes (null to invite one), and the institution's allowed e-mail domains when known (none: any address; the server checks again, ERROR_022). */
export type StaffFormBasis = { readonly record: StaffMember | null; readonly allowedDomains: readonly string[] };

export const EMPTY_STAFF_DRAFT: StaffDraft = { first_name: "", last_name: "", email: "", ...EMPTY_CONTACT_DRAFT };

/** The e-mail is where the SLP's invitation goes and then their sign-in: it may change only while they are pending (ERROR_053). */
export const STAFF_EMAIL_LOCKED_HINT = "The email can change only while the SLP is pending: they already sign in with it.";

/** The form as it opens on an SLP's record: their values, blanks for what is not on file. */
export const staffDraftOf = (member: StaffMember): StaffDraft => ({
  first_name: member.first_name,
  last_name: member.last_name,
  email: member.email,
  ...contactDraftOf(member.contact_info),
});

/** Whether the e-mail field takes changes (always on create; only while pending on edit). */
export const staffEmailEditable = (record: StaffMember | null): boolean => record === null || canChangeEmail(record.status);

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

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
  options: { readonly checkEmail: boolean; readonly allowedDomains: readonly string[]; readonly phoneNumbers: PhoneNumbers },
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
    phone: check("phone", checkPhone(draft.phone, { required: false }, options.phoneNumbers), null),
    address_1: check("address_1", validateVisibleText(draft.address_1.trim(), "address", "address_1"), ""),
    address_2: check("address_2", validateVisibleText(draft.address_2.trim(), "address", "address_2"), ""),
    zip_code: check("zip_code", validatePostalCode(draft.zip_code, countryChoiceOf(draft)), ""),
  };
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
};

/**
 * Only what differs from the record, so a save never overwrites what the person did not touch;
 * the e-mail goes only while pending and only when it really changed (the same address is ERROR_047).
 */
export const staffPatchOf = (record: StaffMember, draft: StaffDraft, value: Checked): StaffPatchBody => {
  const patch: { -readonly [K in keyof StaffPatchBody]: StaffPatchBody[K] } = {};
  if (value.first_name !== record.first_name) patch.first_name = value.first_name;
  if (value.last_name !== record.last_name) patch.last_name = value.last_name;
  if (canChangeEmail(record.status) && !sameEmail(value.email, record.email)) patch.email = value.email;
  const contact = contactChanges(storedContactOf(record.contact_info), contactWriteOf(draft, value));
  if (Object.keys(contact).length > 0) patch.contact_info = contact;
  return patch;
};

const messagesOf = (errors: Partial<Record<StaffFormFieldName, Failure>>): StaffFormMessages =>
  Object.fromEntries(STAFF_FORM_FIELDS.flatMap((field) => (errors[field] === undefined ? [] : [[field, errors[field].message]])));

/**
 * The SLP form checked (invite and edit): every field's message at once, or the save it asks for:
 * the new SLP with the staff role, or on an edit only the fields that changed (an empty body when
 * nothing did).
 */
export const checkStaffForm = (
  draft: StaffDraft,
  { record, allowedDomains }: StaffFormBasis,
  phoneNumbers: PhoneNumbers,
): { readonly ok: true; readonly value: StaffSave } | { readonly ok: false; readonly errors: StaffFormMessages } => {
  const emailSent = record === null || (staffEmailEditable(record) && !sameEmail(draft.email, record.email));
  const checked = checkStaffDraft(draft, { checkEmail: emailSent, allowedDomains, phoneNumbers });
  if (!checked.ok) return { ok: false, errors: messagesOf(checked.errors) };
  const { value } = checked;
  if (record !== null) return { ok: true, value: { kind: "update", body: staffPatchOf(record, draft, value) } };
  const body: StaffCreateBody = { first_name: value.first_name, last_name: value.last_name, email: value.email, role: "staff", contact_info: contactWriteOf(draft, value) };
  return { ok: true, value: { kind: "create", body } };
};

/** The form field a server refusal names ("contact_info.phone" is the phone), or null for the alert. */
export const staffFieldOfServerField = personFieldOfServerField(STAFF_FORM_FIELDS);

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
