import { parsePhoneNumberFromString } from "libphonenumber-js";
import { type Result } from "../result.ts";
import { checkPhone, checkSmsPhone, DEFAULT_PHONE_COUNTRY, type PhoneNumbers } from "./phone-rule.ts";

// The phone rules (phone-rule.ts) bound to libphonenumber-js. The server and the tests import
// this; a page imports it only through `ui/forms/phone-numbers.ts`, after its heading (issue 35).

export { DEFAULT_PHONE_COUNTRY };

/** libphonenumber-js's reading: a number typed without a plus is read as a US number; only a valid number counts. */
export const phoneNumbers: PhoneNumbers = (text) => {
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  return parsed !== undefined && parsed.isValid() ? parsed.number : undefined;
};

/** A phone number, when given, must be a real number (ERROR_002); when required and missing it is ERROR_013. The valid number comes back in E.164. */
export const validatePhone = (text: string | null | undefined, options: { readonly required: boolean; readonly field?: string }): Result<string | null> =>
  checkPhone(text, options, phoneNumbers);

/** SMS codes are sent to the number in E.164 with a leading plus; a missing number is ERROR_013, an invalid one ERROR_002. */
export const toSmsPhone = (text: string | null | undefined): Result<string> => checkSmsPhone(text, phoneNumbers);
