import { type CountryChoice, validatePostalCode } from "./validators/postal-code.ts";
import type { ContactInfo, ContactInfoWrite } from "./wire/contact-info.ts";
import type { Place } from "./wire/place.ts";

// What the person forms (a patient's, an SLP's) hold alike: the contact part as typed, how a
// picked place narrows the ones under it, the postal code checked as it is typed, the contact
// block a save writes (on an edit, only what changed) and the field a server refusal names.

/** The contact part of a person form as typed: text fields and picked places. */
export type PersonContactDraft = {
  readonly phone: string;
  readonly address_1: string;
  readonly address_2: string;
  readonly zip_code: string;
  readonly country: Place | null;
  readonly state: Place | null;
  readonly city: Place | null;
};

export type PersonPlaceField = "country" | "state" | "city";

/** What a save of an edit that changes nothing says (nothing is sent). */
export const NOTHING_TO_SAVE = "Nothing has changed, so there is nothing to save.";

export const EMPTY_CONTACT_DRAFT: PersonContactDraft = { phone: "", address_1: "", address_2: "", zip_code: "", country: null, state: null, city: null };

/** The contact part as it opens on a person's record: their values, blanks for what is not on file. */
export const contactDraftOf = (contact: ContactInfo): PersonContactDraft => ({
  phone: contact.phone ?? "",
  address_1: contact.address_1 ?? "",
  address_2: contact.address_2 ?? "",
  zip_code: contact.zip_code ?? "",
  country: contact.country,
  state: contact.state,
  city: contact.city,
});

/** The chosen country as the postal-code rule reads it. */
export const countryChoiceOf = (draft: Pick<PersonContactDraft, "country">): CountryChoice | null =>
  draft.country === null ? null : { name: draft.country.name, code2: draft.country.code2 ?? "" };

const isPlaceField = (field: string): field is PersonPlaceField => field === "country" || field === "state" || field === "city";
const isPlace = (value: unknown): value is Place => typeof value === "object" && value !== null && "id" in value && "name" in value;

/** A place picked: a new country empties the state and city it no longer contains, a new state the city. */
export const withPlaceChosen = <D extends PersonContactDraft>(draft: D, field: PersonPlaceField, place: Place | null): D => {
  if (field === "country") return { ...draft, country: place, ...(place?.id === draft.country?.id ? {} : { state: null, city: null }) };
  if (field === "state") return { ...draft, state: place, ...(place?.id === draft.state?.id ? {} : { city: null }) };
  return { ...draft, city: place };
};

/** A person form after a change: a picked place narrows the ones under it; any other field takes its value. */
export const withPersonChange = <D extends PersonContactDraft>(draft: D, field: keyof D & string, value: D[keyof D & string]): D =>
  isPlaceField(field) ? withPlaceChosen(draft, field, isPlace(value) ? value : null) : { ...draft, [field]: value };

/** The postal code checked as it is typed and whenever a place changes, against the chosen country (ERROR_076); blank is fine. */
export const contactMessagesAsTyped = (draft: PersonContactDraft, changed: string): { readonly zip_code?: string | undefined } => {
  if (changed !== "zip_code" && !isPlaceField(changed)) return {};
  const checked = validatePostalCode(draft.zip_code, countryChoiceOf(draft));
  return { zip_code: checked.ok ? undefined : checked.message };
};

/** The contact texts after the checks: trimmed, the phone in E.164 (null when none), the postal code upper-cased. */
export type CheckedContact = { readonly phone: string | null; readonly address_1: string; readonly address_2: string; readonly zip_code: string };

/** A whole contact block as a save writes it: places by id, nothing given as null. */
export type ContactWrite = { readonly [K in keyof Required<ContactInfoWrite>]: Exclude<ContactInfoWrite[K], undefined> };

const blankToNull = (text: string | null): string | null => (text === null || text === "" ? null : text);

/** The contact block a save writes, from the checked texts and the picked places. */
export const contactWriteOf = (draft: PersonContactDraft, checked: CheckedContact): ContactWrite => ({
  address_1: blankToNull(checked.address_1),
  address_2: blankToNull(checked.address_2),
  country: draft.country?.id ?? null,
  state: draft.state?.id ?? null,
  city: draft.city?.id ?? null,
  zip_code: blankToNull(checked.zip_code),
  phone: checked.phone,
});

/** The contact block on record, the way a save writes it (places by id, a blank as null). */
export const storedContactOf = (contact: ContactInfo): ContactWrite => ({
  address_1: blankToNull(contact.address_1),
  address_2: blankToNull(contact.address_2),
  country: contact.country?.id ?? null,
  state: contact.state?.id ?? null,
  city: contact.city?.id ?? null,
  zip_code: blankToNull(contact.zip_code),
  phone: contact.phone,
});

/** Only the contact fields that differ from the stored ones (null clears one), so a save never overwrites what the person did not touch. */
export const contactChanges = (stored: ContactWrite, written: ContactWrite): ContactInfoWrite => {
  const changed: { -readonly [K in keyof ContactWrite]?: ContactWrite[K] } = {};
  for (const key of Object.keys(written) as (keyof ContactWrite)[]) {
    if (written[key] !== stored[key]) Object.assign(changed, { [key]: written[key] });
  }
  return changed;
};

/** Whether a person form's save has nothing to send: an edit that changes no field. */
export const savesNothing = (save: { readonly kind: "create" | "update"; readonly body: object }): boolean =>
  save.kind === "update" && Object.keys(save.body).length === 0;

/** The form field a server refusal names, the last part of its dotted path ("contact_info.zip_code" is the postal code), or null when the form has no such field. */
export const personFieldOfServerField =
  <F extends string>(fields: readonly F[]) =>
  (serverField: string): F | null => {
    const last = serverField.split(".").at(-1) ?? "";
    return fields.find((field) => field === last) ?? null;
  };
