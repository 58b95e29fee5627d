import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

/**
 * The phone-number library's reading of a typed number: its E.164 form, or undefined when it is no
 * real number. The rules below take it as an argument because the library (libphonenumber-js,
 * about 30 kB gzip) is bound in `phone.ts`: the server and the tests import that, while the pages
 * load it on first use of a phone field (`ui/forms/phone-numbers.ts`, issue 35), so four routes no
 * longer download it before their heading.
 */
export type PhoneNumbers = (text: string) => string | undefined;

/** What a form's submit brings for a phone field: the library's reading, loaded by the page. */
export type PhoneTools = { readonly phoneNumbers: PhoneNumbers };

/** The phone rule a form's submit brought; a phone form submitted without it is a bug in its page, never a number let through. */
export const phoneNumbersOf = (tools: PhoneTools | undefined): PhoneNumbers => {
  if (tools === undefined) throw new Error("A form with a phone field was submitted without the phone rule (PhoneTools)");
  return tools.phoneNumbers;
};

/** The portal's users are mostly in the United States: a number typed without a plus is read as a US number. */
export const DEFAULT_PHONE_COUNTRY = "US";

// Digits, spaces, brackets, dots and dashes, with an optional leading plus: nothing else is a
// phone number, so text around a number ("call 555...") is refused rather than guessed at.
const PHONE_CHARACTERS = /^\+?[0-9\s().-]+$/;

const invalidPhone = (field: string) => fail("ERROR_002", catalogueMessage("ERROR_002"), { field });

const toE164 = (text: string, field: string, numbers: PhoneNumbers): Result<string> => {
  if (!PHONE_CHARACTERS.test(text)) return invalidPhone(field);
  const number = numbers(text);
  return number === undefined ? invalidPhone(field) : succeed(number);
};

/** A phone number, when given, must be a real number (ERROR_002); when required and missing it is ERROR_013. The valid number comes back in E.164. */
export const checkPhone = (
  text: string | null | undefined,
  options: { readonly required: boolean; readonly field?: string },
  numbers: PhoneNumbers,
): Result<string | null> => {
  const field = options.field ?? "phone";
  const trimmed = (text ?? "").trim();
  if (trimmed.length === 0) {
    return options.required ? fail("ERROR_013", catalogueMessage("ERROR_013"), { field }) : succeed(null);
  }
  return toE164(trimmed, field, numbers);
};

/** SMS codes are sent to the number in E.164 with a leading plus; a missing number is ERROR_013, an invalid one ERROR_002. */
export const checkSmsPhone = (text: string | null | undefined, numbers: PhoneNumbers): Result<string> => {
  const trimmed = (text ?? "").trim();
  if (trimmed.length === 0) return fail("ERROR_013", catalogueMessage("ERROR_013"), { field: "phone" });
  return toE164(trimmed, "phone", numbers);
};
