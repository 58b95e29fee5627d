import { validatePostalCode } from "../../../domain/shared/validators/postal-code.ts";
import type { ContactBlock } from "../../../domain/shared/contact-block.ts";
import type { Failure } from "../../../domain/shared/result.ts";
import { validatePhone } from "../../../domain/shared/validators/phone.ts";
import type { ContactInfoWrite } from "../../../domain/shared/wire/contact-info.ts";
import { phoneUsedByAnother } from "../../auth/accounts.ts";
import type { Database } from "../../db/database.ts";
import { checkContactPlaces } from "../../people/contact-places.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";

/** An SLP's contact block as stored (the phone is on the account). */
export type StaffContact = ContactBlock;

export const NO_CONTACT: StaffContact = { address1: "", address2: "", cityId: null, stateId: null, countryId: null, zipCode: "", phone: null };

/** A form's contact block over the stored one: keys sent replace, absent keys stay, null clears. */
export const contactFromWrite = (before: StaffContact, write: ContactInfoWrite | undefined): StaffContact => {
  const sent = write ?? {};
  const keep = <A>(value: A | undefined, stored: A): A => (value === undefined ? stored : value);
  return {
    address1: (keep(sent.address_1, before.address1) ?? "").trim(),
    address2: (keep(sent.address_2, before.address2) ?? "").trim(),
    cityId: keep(sent.city, before.cityId),
    stateId: keep(sent.state, before.stateId),
    countryId: keep(sent.country, before.countryId),
    zipCode: keep(sent.zip_code, before.zipCode) ?? "",
    phone: keep(sent.phone, before.phone),
  };
};

const atField = (failure: Failure, field: string): ApiFailure => fromDomainFailure(400, { ...failure, field: `contact_info.${field}` }, `contact rule ${failure.code} on ${field}`);

/** The phone is another account's, as its phone or its SMS factor (ERROR_021). */
export const phoneTaken = (): ApiFailure => apiFailure(400, "ERROR_021", "another account has this phone number", { field: "contact_info.phone" });

/**
 * An SLP's contact block follows the patient form's rules (spec section 5): places exist and
 * belong together, a postal code needs a country and its format (ERROR_076), a phone is a real
 * number (ERROR_002) that no other account uses (ERROR_021: it may become their SMS factor).
 * `userId` is the SLP's own account (null for a new one); `phoneChanged` and `postalChanged` limit
 * the checks to what a patch touches, so a value stored before a rule existed does not block an
 * unrelated edit. Answers the block as stored: postal code upper-cased, phone in E.164.
 */
export const checkStaffContact = async (
  db: Database,
  contact: StaffContact,
  userId: number | null,
  touched: { readonly phone: boolean; readonly postal: boolean },
): Promise<{ ok: true; value: StaffContact } | { ok: false; failure: ApiFailure }> => {
  const placesChecked = await checkContactPlaces(db, contact);
  if (!placesChecked.ok) return placesChecked;
  let zipCode = contact.zipCode;
  if (touched.postal) {
    const country = placesChecked.country;
    const postal = validatePostalCode(contact.zipCode, country);
    if (!postal.ok) return { ok: false, failure: atField(postal, "zip_code") };
    zipCode = postal.value;
  }
  let phone = contact.phone;
  if (touched.phone) {
    const valid = validatePhone(contact.phone, { required: false });
    if (!valid.ok) return { ok: false, failure: atField(valid, "phone") };
    phone = valid.value;
    if (phone !== null && (await phoneUsedByAnother(db, userId ?? 0, phone))) return { ok: false, failure: phoneTaken() };
  }
  return { ok: true, value: { ...contact, zipCode, phone } };
};

/** Which checks a contact block sent on a patch calls for: the postal code again whenever the country changes. */
export const touchedContact = (write: ContactInfoWrite | undefined): { readonly phone: boolean; readonly postal: boolean } => ({
  phone: write?.phone !== undefined,
  postal: write?.zip_code !== undefined || write?.country !== undefined,
});
