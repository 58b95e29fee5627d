import { and, eq, isNull } from "drizzle-orm";
import { type PatientFormField, validatePatientForm } from "../../../domain/patients/patient-form.ts";
import { phoneNumbers } from "../../../domain/shared/validators/phone.ts";
import type { PatientRecordDraft } from "../../../domain/patients/patient-record-draft.ts";
import type { Failure } from "../../../domain/shared/result.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { addressHeld, emailTaken } from "../../people/account-email.ts";
import { checkContactPlaces } from "../../people/contact-places.ts";

/** Where a form field sits in the request body, for `detail.field`. */
const WIRE_FIELD: Readonly<Record<PatientFormField, string>> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  birthdate: "birthdate",
  gender: "gender",
  phone: "contact_info.phone",
  address_1: "contact_info.address_1",
  address_2: "contact_info.address_2",
  zip_code: "contact_info.zip_code",
  country: "contact_info.country",
};
const FORM_ORDER: readonly PatientFormField[] = ["first_name", "last_name", "email", "birthdate", "gender", "phone", "zip_code"];

const atWireField = (failure: Failure, field: PatientFormField): ApiFailure =>
  fromDomainFailure(400, { ...failure, field: WIRE_FIELD[field] }, `patient rule ${failure.code} on ${field}`);

/** The values to store once the rules pass: trimmed names, e-mail with its domain lower-cased, phone in E.164, postal code upper-cased. */
export type CheckedPatient = PatientRecordDraft;

/**
 * The patient form's rules (spec section 5) with the client's own validators
 * (domain/patients/patient-form.ts), then the places. `touched` limits the form errors to the
 * fields a patch sends, so a stored value from before a rule existed does not block an unrelated edit.
 */
export const checkPatientDraft = async (
  db: Database,
  draft: PatientRecordDraft,
  today: string,
  touched?: ReadonlySet<PatientFormField>,
): Promise<{ ok: true; value: CheckedPatient } | { ok: false; failure: ApiFailure }> => {
  const places = await checkContactPlaces(db, draft);
  if (!places.ok) return places;
  const form = validatePatientForm(
    {
      first_name: draft.firstName,
      last_name: draft.lastName,
      email: draft.email,
      birthdate: draft.birthdate,
      gender: draft.gender,
      phone: draft.phone ?? "",
      address_1: draft.address1,
      address_2: draft.address2,
      zip_code: draft.zipCode,
      country: places.country,
    },
    today,
    phoneNumbers,
  );
  if (!form.ok) {
    const field = FORM_ORDER.find((name) => form.errors[name] !== undefined && (touched === undefined || touched.has(name)));
    const failure = field === undefined ? undefined : form.errors[field];
    if (field !== undefined && failure !== undefined) return { ok: false, failure: atWireField(failure, field) };
    return { ok: true, value: draft };
  }
  const values = form.value;
  return {
    ok: true,
    value: {
      ...draft,
      firstName: values.first_name,
      lastName: values.last_name,
      email: values.email,
      birthdate: values.birthdate,
      address1: values.address_1,
      address2: values.address_2,
      zipCode: values.zip_code,
      phone: values.phone,
    },
  };
};

/** The assigned SLP must be staff of the patient's institution, with an account that is not deleted (ERROR_027). */
export const checkAssignedStaff = async (db: Database, institutionId: number, staffId: number | null): Promise<ApiFailure | undefined> => {
  if (staffId === null) return undefined;
  const [found] = await db
    .select({ id: staff.id })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.id, staffId), eq(staff.institutionId, institutionId), isNull(users.archivedAt)))
    .limit(1);
  return found === undefined ? apiFailure(400, "ERROR_027", "the assigned staff member is not staff of the institution", { field: "staff" }) : undefined;
};

/** The e-mail already belongs to another patient that is not archived (ERROR_031), whatever its case. */
export const patientEmailTaken = (): ApiFailure => emailTaken("patient");

/** ERROR_031 when another living patient than `exceptId` has the address, in any letter case. */
export const checkEmailFree = async (db: Database, email: string, exceptId: number | null): Promise<ApiFailure | undefined> =>
  (await addressHeld(db, { table: patients, id: patients.id, email: patients.email, archivedAt: patients.archivedAt }, email, exceptId)) ? patientEmailTaken() : undefined;

/** The unique index that keeps one live patient per address, whatever its case (the last word when two requests race). */
export const PATIENT_EMAIL_INDEX = "patients_email_lower_key";
