// A patient as a create or an edit will store it, before the server checks its places and writes
// it: the body's fields read into one draft (places and SLP by id). Pure, so the rules of a
// partial edit (what a key sent, left out or null does) are property-tested here, not in a route.
import type { ContactBlock } from "../shared/contact-block.ts";
import type { PatientFormField } from "./patient-form.ts";
import type { BirthGender, PatientCreateBody, PatientPatchBody } from "./patients-wire.ts";

/** Everything a patient's form decides, as it will be stored (places and SLP by id): who, and the contact block. */
export type PatientRecordDraft = ContactBlock & {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly birthdate: string;
  readonly gender: BirthGender;
  readonly staffId: number | null;
};

/** The draft of a new patient: what the body says, empty where it says nothing. */
export const draftFromCreate = (body: PatientCreateBody): PatientRecordDraft => {
  const contact = body.contact_info ?? {};
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    birthdate: body.birthdate,
    gender: body.gender,
    staffId: body.staff ?? null,
    address1: contact.address_1 ?? "",
    address2: contact.address_2 ?? "",
    cityId: contact.city ?? null,
    stateId: contact.state ?? null,
    countryId: contact.country ?? null,
    zipCode: contact.zip_code ?? "",
    phone: contact.phone ?? null,
  };
};

/** A patch over the stored patient: keys sent replace, absent keys stay, null clears. */
export const draftFromPatch = (before: PatientRecordDraft, body: PatientPatchBody): PatientRecordDraft => {
  const contact = body.contact_info ?? {};
  const keep = <A>(sent: A | undefined, stored: A): A => (sent === undefined ? stored : sent);
  return {
    firstName: keep(body.first_name, before.firstName),
    lastName: keep(body.last_name, before.lastName),
    email: keep(body.email, before.email),
    birthdate: keep(body.birthdate, before.birthdate),
    gender: keep(body.gender, before.gender),
    staffId: keep(body.staff, before.staffId),
    address1: keep(contact.address_1, before.address1) ?? "",
    address2: keep(contact.address_2, before.address2) ?? "",
    cityId: keep(contact.city, before.cityId),
    stateId: keep(contact.state, before.stateId),
    countryId: keep(contact.country, before.countryId),
    zipCode: keep(contact.zip_code, before.zipCode) ?? "",
    phone: keep(contact.phone, before.phone),
  };
};

/** The form fields a patch touches; the postal code is checked again whenever the country changes. */
export const touchedFields = (body: PatientPatchBody): ReadonlySet<PatientFormField> => {
  const touched = new Set<PatientFormField>();
  for (const key of ["first_name", "last_name", "email", "birthdate", "gender"] as const) if (body[key] !== undefined) touched.add(key);
  const contact = body.contact_info ?? {};
  if (contact.phone !== undefined) touched.add("phone");
  if (contact.zip_code !== undefined || contact.country !== undefined) touched.add("zip_code");
  return touched;
};
