import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { type PatientFormField, validatePatientForm } from "../../../domain/patients/patient-form.ts";
import type { PatientRecordDraft } from "../../../domain/patients/patient-record-draft.ts";
import type { Failure } from "../../../domain/shared/result.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { placesById } from "./patient-record.ts";

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

const placeNotFound = (field: "city" | "state" | "country"): ApiFailure =>
  apiFailure(400, "ERROR_030", `contact_info.${field} is not a ${field} of the chosen places`, {
    field: `contact_info.${field}`,
    placeholders: { field_name: field },
  });

/**
 * Places must exist and belong together: the country is a country, the state a state of that
 * country, the city a city of that state (or of the country where it has no state). Answers the
 * country the postal-code rule needs.
 */
const checkPlaces = async (db: Database, draft: PatientRecordDraft): Promise<{ ok: true; country: { name: string; code2: string } | null } | { ok: false; failure: ApiFailure }> => {
  const found = await placesById(db, [draft.countryId, draft.stateId, draft.cityId]);
  const country = draft.countryId === null ? undefined : found.get(draft.countryId);
  if (draft.countryId !== null && country?.kind !== "country") return { ok: false, failure: placeNotFound("country") };
  const state = draft.stateId === null ? undefined : found.get(draft.stateId);
  if (draft.stateId !== null && (state?.kind !== "state" || state.parentId !== draft.countryId)) return { ok: false, failure: placeNotFound("state") };
  const city = draft.cityId === null ? undefined : found.get(draft.cityId);
  const cityParent = draft.stateId ?? draft.countryId;
  if (draft.cityId !== null && (city?.kind !== "city" || city.parentId === null || (city.parentId !== cityParent && city.parentId !== draft.countryId))) {
    return { ok: false, failure: placeNotFound("city") };
  }
  return { ok: true, country: country === undefined ? null : { name: country.name, code2: country.code2 ?? "" } };
};

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
  const places = await checkPlaces(db, draft);
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
export const emailTaken = (): ApiFailure =>
  apiFailure(400, "ERROR_031", "another live patient has this e-mail", { field: "email", placeholders: { field_name: "email" } });

export const checkEmailFree = async (db: Database, email: string, exceptId: number | null): Promise<ApiFailure | undefined> => {
  const [found] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(sql`lower(${patients.email}) = lower(${email})`, isNull(patients.archivedAt), exceptId === null ? undefined : ne(patients.id, exceptId)))
    .limit(1);
  return found === undefined ? undefined : emailTaken();
};

/** Whether a database error is the live-email unique index refusing a duplicate (a race the check above lost). */
export const isDuplicateEmail = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505" && candidate.constraint === "patients_email_lower_key") return true;
    current = candidate.cause;
  }
  return false;
};
