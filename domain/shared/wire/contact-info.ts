import * as Schema from "effect/Schema";
import { PlaceId } from "../ids.ts";
import { Place } from "./place.ts";
import { boundedText, isVisibleText } from "./text-fields.ts";

const AddressLine = boundedText(255);
const AddressLineWrite = AddressLine.check(isVisibleText());
// Postal-code and phone rules answer with their own codes (ERROR_076, ERROR_002) from the
// validators; the wire only bounds the text.
const ZipCode = boundedText(20);
const PhoneText = boundedText(32);

/** A patient's or staff member's address and phone as read back; city, state and country are places. */
export const ContactInfo = Schema.Struct({
  address_1: Schema.NullOr(AddressLine),
  address_2: Schema.NullOr(AddressLine),
  city: Schema.NullOr(Place),
  state: Schema.NullOr(Place),
  country: Schema.NullOr(Place),
  zip_code: Schema.NullOr(ZipCode),
  phone: Schema.NullOr(PhoneText),
});
export type ContactInfo = typeof ContactInfo.Type;

/** Address and phone as written by a form: places by id; an absent key is left as it was, null clears it. */
export const ContactInfoWrite = Schema.Struct({
  address_1: Schema.optionalKey(Schema.NullOr(AddressLineWrite)),
  address_2: Schema.optionalKey(Schema.NullOr(AddressLineWrite)),
  city: Schema.optionalKey(Schema.NullOr(PlaceId)),
  state: Schema.optionalKey(Schema.NullOr(PlaceId)),
  country: Schema.optionalKey(Schema.NullOr(PlaceId)),
  zip_code: Schema.optionalKey(Schema.NullOr(ZipCode)),
  phone: Schema.optionalKey(Schema.NullOr(PhoneText)),
});
export type ContactInfoWrite = typeof ContactInfoWrite.Type;
