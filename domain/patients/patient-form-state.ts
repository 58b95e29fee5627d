import type { StaffId } from "../shared/ids.ts";
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
import { canChangeEmail } from "../shared/statuses/patient-status.ts";
import { type PatientFormField, validatePatientForm } from "./patient-form.ts";
import type { PhoneNumbers } from "../shared/validators/phone-rule.ts";
import type { Patient, PatientCreateBody, PatientPatchBody } from "./patients-wire.ts";

// The patient form's rules for create and edit, run by the patient-form machine
// (machines/patients/patient-form.machine.ts): the draft a record opens as, the one check that
// builds the save (on an edit, only what changed) and the field a server refusal names.

/** The patient form as typed: text fields, picked places and the assigned SLP. */
export type PatientDraft = PersonContactDraft & {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  /** yyyy-MM-dd, or "" while the date is incomplete. */
  readonly birthdate: string;
  readonly gender: string;
  readonly staff: { readonly id: StaffId; readonly name: string } | null;
};

/** Every field a message can belong to (a server refusal naming another is the whole form's). */
export const PATIENT_FORM_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "birthdate",
  "gender",
  "phone",
  "address_1",
  "address_2",
  "country",
  "state",
  "city",
  "zip_code",
  "staff",
] as const;
export type PatientFormFieldName = (typeof PATIENT_FORM_FIELDS)[number];
export type PatientFormMessages = Readonly<Partial<Record<PatientFormFieldName, string>>>;

/** What the save sends: a new patient, or only the fields an edit changed. */
export type PatientSave = { readonly kind: "create"; readonly body: PatientCreateBody } | { readonly kind: "update"; readonly body: PatientPatchBody };

export const EMPTY_PATIENT_DRAFT: PatientDraft = { first_name: "", last_name: "", email: "", birthdate: "", gender: "", ...EMPTY_CONTACT_DRAFT, staff: null };

/** The e-mail is the patient's sign-in to the exercise app: it may change only while they are pending (ERROR_053). */
export const EMAIL_LOCKED_HINT = "The email can change only while the patient is pending: they already sign in with it.";

/** The form as it opens on a patient's record: their values, blanks for what is not on file. */
export const draftOf = (patient: Patient): PatientDraft => ({
  first_name: patient.first_name,
  last_name: patient.last_name,
  email: patient.email,
  birthdate: patient.birthdate,
  gender: patient.gender,
  ...contactDraftOf(patient.contact_info),
  staff: patient.staff === null ? null : { id: patient.staff.id, name: `${patient.staff.first_name} ${patient.staff.last_name}` },
});

/** Whether the e-mail field takes changes (always on create; only while pending on edit). */
export const emailEditable = (record: Patient | null): boolean => record === null || canChangeEmail(record.status);

const messagesOf = (errors: Readonly<Partial<Record<PatientFormField, { readonly message: string }>>>): PatientFormMessages =>
  Object.fromEntries(Object.entries(errors).map(([field, failure]) => [field, failure.message]));

/** Only what differs from the record, so a save never overwrites what the person did not touch; the e-mail only while it may change. */
const patchBody = (record: Patient, full: PatientCreateBody, contact: ReturnType<typeof contactWriteOf>): PatientPatchBody => {
  const patch: Record<string, unknown> = {};
  const before = { first_name: record.first_name, last_name: record.last_name, birthdate: record.birthdate, gender: record.gender, staff: record.staff?.id ?? null };
  for (const key of ["first_name", "last_name", "birthdate", "gender", "staff"] as const) {
    if (full[key] !== before[key]) patch[key] = full[key];
  }
  if (emailEditable(record) && full.email.toLowerCase() !== record.email.toLowerCase()) patch["email"] = full.email;
  const changed = contactChanges(storedContactOf(record.contact_info), contact);
  if (Object.keys(changed).length > 0) patch["contact_info"] = changed;
  return patch as PatientPatchBody;
};

/**
 * The patient form checked on `today` (the date of birth is never after it): every field's
 * message at once, or the save it asks for: the whole new patient, or on an edit of `record` only
 * the fields that changed (an empty body when nothing did).
 */
export const checkPatientForm = (
  draft: PatientDraft,
  today: string,
  record: Patient | null,
  numbers: PhoneNumbers,
): { readonly ok: true; readonly value: PatientSave } | { readonly ok: false; readonly errors: PatientFormMessages } => {
  const checked = validatePatientForm({ ...draft, country: countryChoiceOf(draft) }, today, numbers);
  if (!checked.ok) return { ok: false, errors: messagesOf(checked.errors) };
  const values = checked.value;
  const contact = contactWriteOf(draft, values);
  const full: PatientCreateBody = {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    birthdate: values.birthdate,
    gender: values.gender as PatientCreateBody["gender"],
    staff: draft.staff?.id ?? null,
    contact_info: contact,
  };
  return { ok: true, value: record === null ? { kind: "create", body: full } : { kind: "update", body: patchBody(record, full, contact) } };
};

/** The form field a server refusal names ("contact_info.zip_code" is the postal code), or null for the alert. */
export const patientFieldOfServerField = personFieldOfServerField(PATIENT_FORM_FIELDS);
