import type { StaffId } from "../shared/ids.ts";
import { canChangeEmail } from "../shared/statuses/patient-status.ts";
import type { Place } from "../shared/wire/place.ts";
import { type PatientFormErrors, type PatientFormField, validatePatientForm } from "./patient-form.ts";
import type { Patient, PatientCreateBody, PatientPatchBody } from "./patients-wire.ts";
import { validatePostalCode } from "./postal-code.ts";

/** The patient form as typed: text fields, picked places and the assigned SLP. */
export type PatientDraft = {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  /** yyyy-MM-dd, or "" while the date is incomplete. */
  readonly birthdate: string;
  readonly gender: string;
  readonly phone: string;
  readonly address_1: string;
  readonly address_2: string;
  readonly zip_code: string;
  readonly country: Place | null;
  readonly state: Place | null;
  readonly city: Place | null;
  readonly staff: { readonly id: StaffId; readonly name: string } | null;
};

export type PatientTextField = "first_name" | "last_name" | "email" | "birthdate" | "gender" | "phone" | "address_1" | "address_2" | "zip_code";
export type PatientPlaceField = "country" | "state" | "city";
/** Every field a message can belong to, in the order the form shows them (focus goes to the first invalid one). */
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

export type PatientFormState = {
  readonly draft: PatientDraft;
  /** The record being edited (null on the create page): what "changed" is measured against, and whether the e-mail may change. */
  readonly record: Patient | null;
  readonly messages: PatientFormMessages;
  /** A failure that belongs to no field. */
  readonly alert: string | null;
  /** Said politely (nothing to save). */
  readonly status: string;
  /** The save to send now; the page sends it once ("sent") and answers "failed" or navigates. */
  readonly save: PatientSave | null;
  /** Bumped on every refused submit, so the page moves focus to the first invalid field each time. */
  readonly attempt: number;
};

export type PatientFormEvent =
  | { readonly type: "edited"; readonly field: PatientTextField; readonly value: string }
  | { readonly type: "placeChosen"; readonly field: PatientPlaceField; readonly place: Place | null }
  | { readonly type: "staffChosen"; readonly staff: PatientDraft["staff"] }
  | { readonly type: "submitted"; readonly today: string }
  | { readonly type: "sent" }
  | { readonly type: "failed"; readonly field: string | null; readonly message: string };

export const EMPTY_PATIENT_DRAFT: PatientDraft = {
  first_name: "",
  last_name: "",
  email: "",
  birthdate: "",
  gender: "",
  phone: "",
  address_1: "",
  address_2: "",
  zip_code: "",
  country: null,
  state: null,
  city: null,
  staff: null,
};

export const NOTHING_TO_SAVE = "Nothing has changed, so there is nothing to save.";

/** The e-mail is the patient's sign-in to the exercise app: it may change only while they are pending (ERROR_053). */
export const EMAIL_LOCKED_HINT = "The email can change only while the patient is pending: they already sign in with it.";

/** The form as it opens on a patient's record: their values, blanks for what is not on file. */
export const draftOf = (patient: Patient): PatientDraft => ({
  first_name: patient.first_name,
  last_name: patient.last_name,
  email: patient.email,
  birthdate: patient.birthdate,
  gender: patient.gender,
  phone: patient.contact_info.phone ?? "",
  address_1: patient.contact_info.address_1 ?? "",
  address_2: patient.contact_info.address_2 ?? "",
  zip_code: patient.contact_info.zip_code ?? "",
  country: patient.contact_info.country,
  state: patient.contact_info.state,
  city: patient.contact_info.city,
  staff: patient.staff === null ? null : { id: patient.staff.id, name: `${patient.staff.first_name} ${patient.staff.last_name}` },
});

export const initialPatientForm = (record: Patient | null): PatientFormState => ({
  draft: record === null ? EMPTY_PATIENT_DRAFT : draftOf(record),
  record,
  messages: {},
  alert: null,
  status: "",
  save: null,
  attempt: 0,
});

/** Whether the e-mail field takes changes (always on create; only while pending on edit). */
export const emailEditable = (state: PatientFormState): boolean => state.record === null || canChangeEmail(state.record.status);

/** The postal code checked as it is typed, against the chosen country (ERROR_076); blank is fine. */
const postalMessage = (draft: PatientDraft): string | undefined => {
  const checked = validatePostalCode(draft.zip_code, draft.country === null ? null : { name: draft.country.name, code2: draft.country.code2 ?? "" });
  return checked.ok ? undefined : checked.message;
};

const messagesOf = (errors: PatientFormErrors): PatientFormMessages => {
  const messages: Partial<Record<PatientFormFieldName, string>> = {};
  for (const [field, failure] of Object.entries(errors) as [PatientFormField, { message: string }][]) messages[field] = failure.message;
  return messages;
};

const blankToNull = (text: string): string | null => (text === "" ? null : text);

/** The whole new patient, from checked values. */
const createBody = (draft: PatientDraft, values: { first_name: string; last_name: string; email: string; birthdate: string; gender: string; phone: string | null; address_1: string; address_2: string; zip_code: string }): PatientCreateBody => ({
  first_name: values.first_name,
  last_name: values.last_name,
  email: values.email,
  birthdate: values.birthdate,
  gender: values.gender as PatientCreateBody["gender"],
  staff: draft.staff?.id ?? null,
  contact_info: {
    address_1: blankToNull(values.address_1),
    address_2: blankToNull(values.address_2),
    country: draft.country?.id ?? null,
    state: draft.state?.id ?? null,
    city: draft.city?.id ?? null,
    zip_code: blankToNull(values.zip_code),
    phone: values.phone,
  },
});

/** Only what differs from the record, so a save never overwrites what the person did not touch. */
const patchBody = (record: Patient, full: PatientCreateBody, emailMayChange: boolean): PatientPatchBody => {
  const before = createBody(draftOf(record), {
    ...draftOf(record),
    phone: record.contact_info.phone,
    address_1: record.contact_info.address_1 ?? "",
    address_2: record.contact_info.address_2 ?? "",
    zip_code: record.contact_info.zip_code ?? "",
  });
  const patch: Record<string, unknown> = {};
  for (const key of ["first_name", "last_name", "birthdate", "gender", "staff"] as const) {
    if (full[key] !== before[key]) patch[key] = full[key];
  }
  if (emailMayChange && full.email.toLowerCase() !== before.email.toLowerCase()) patch["email"] = full.email;
  const contact: Record<string, unknown> = {};
  const fullContact = full.contact_info ?? {};
  const beforeContact = before.contact_info ?? {};
  for (const key of ["address_1", "address_2", "country", "state", "city", "zip_code", "phone"] as const) {
    if ((fullContact[key] ?? null) !== (beforeContact[key] ?? null)) contact[key] = fullContact[key] ?? null;
  }
  if (Object.keys(contact).length > 0) patch["contact_info"] = contact;
  return patch as PatientPatchBody;
};

/**
 * The patient form, whole (create and edit): what is typed, each field's message, the alert,
 * and the save it asks for. The page renders it and sends events (docs/ui.md, "Where logic
 * lives"); whatever the server answers, nothing typed is lost.
 */
export const patientFormReducer = (state: PatientFormState, event: PatientFormEvent): PatientFormState => {
  switch (event.type) {
    case "edited": {
      const draft = { ...state.draft, [event.field]: event.value };
      const messages = { ...state.messages, [event.field]: undefined };
      // The postal code is checked as it is typed, once there is one.
      return { ...state, draft, messages: event.field === "zip_code" ? { ...messages, zip_code: postalMessage(draft) } : messages, status: "" };
    }
    case "placeChosen": {
      // A new country empties the state and city it no longer contains; a new state, the city.
      const draft: PatientDraft =
        event.field === "country"
          ? { ...state.draft, country: event.place, ...(event.place?.id === state.draft.country?.id ? {} : { state: null, city: null }) }
          : event.field === "state"
            ? { ...state.draft, state: event.place, ...(event.place?.id === state.draft.state?.id ? {} : { city: null }) }
            : { ...state.draft, city: event.place };
      const zip = draft.zip_code.trim() === "" ? undefined : postalMessage(draft);
      return { ...state, draft, messages: { ...state.messages, [event.field]: undefined, zip_code: zip }, status: "" };
    }
    case "staffChosen":
      return { ...state, draft: { ...state.draft, staff: event.staff }, messages: { ...state.messages, staff: undefined }, status: "" };
    case "submitted": {
      const { draft } = state;
      const checked = validatePatientForm(
        { ...draft, country: draft.country === null ? null : { name: draft.country.name, code2: draft.country.code2 ?? "" } },
        event.today,
      );
      const cleared = { ...state, alert: null, status: "" };
      if (!checked.ok) return { ...cleared, messages: messagesOf(checked.errors), attempt: state.attempt + 1 };
      const full = createBody(draft, checked.value);
      if (state.record === null) return { ...cleared, messages: {}, save: { kind: "create", body: full } };
      const patch = patchBody(state.record, full, emailEditable(state));
      if (Object.keys(patch).length === 0) return { ...cleared, messages: {}, status: NOTHING_TO_SAVE };
      return { ...cleared, messages: {}, save: { kind: "update", body: patch } };
    }
    case "sent":
      return { ...state, save: null };
    case "failed": {
      const field = fieldOfFailure(event.field);
      return field === null
        ? { ...state, alert: event.message }
        : { ...state, messages: { ...state.messages, [field]: event.message }, attempt: state.attempt + 1 };
    }
  }
};

/** The form field a server failure names ("contact_info.zip_code" is the postal code), or null for the alert. */
export const fieldOfFailure = (field: string | null): PatientFormFieldName | null => {
  if (field === null) return null;
  const last = field.split(".").at(-1) ?? "";
  return (PATIENT_FORM_FIELDS as readonly string[]).includes(last) ? (last as PatientFormFieldName) : null;
};

/** The first field with a message, in the form's order: where focus goes after a refused submit. */
export const firstInvalidField = (messages: PatientFormMessages): PatientFormFieldName | undefined =>
  PATIENT_FORM_FIELDS.find((field) => messages[field] !== undefined);
