import { parsePhoneNumberFromString } from "libphonenumber-js";
import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

/** The portal's users are mostly in the United States: a number typed without a plus is read as a US number. */
export const DEFAULT_PHONE_COUNTRY = "US";

// Digits, spaces, brackets, dots and dashes, with an optional leading plus: nothing else is a
// phone number, so text around a number ("call 555...") is refused rather than guessed at.
const PHONE_CHARACTERS = /^\+?[0-9\s().-]+$/;

const invalidPhone = (field: string) => fail("ERROR_002", catalogueMessage("ERROR_002"), { field });

const toE164 = (text: string, field: string): Result<string> => {
  if (!PHONE_CHARACTERS.test(text)) return invalidPhone(field);
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  if (parsed === undefined || !parsed.isValid()) return invalidPhone(field);
  return succeed(parsed.number);
};

/** A phone number, when given, must be a real number (ERROR_002); when required and missing it is ERROR_013. The valid number comes back in E.164. */
export const validatePhone = (
  text: string | null | undefined,
  options: { readonly required: boolean; readonly field?: string },
): Result<string | null> => {
  const field = options.field ?? "phone";
  const trimmed = (text ?? "").trim();
  if (trimmed.length === 0) {
    return options.required ? fail("ERROR_013", catalogueMessage("ERROR_013"), { field }) : succeed(null);
  }
  return toE164(trimmed, field);
};

/** SMS codes are sent to the number in E.164 with a leading plus; a missing number is ERROR_013, an invalid one ERROR_002. */
export const toSmsPhone = (text: string | null | undefined): Result<string> => {
  const trimmed = (text ?? "").trim();
  if (trimmed.length === 0) return fail("ERROR_013", catalogueMessage("ERROR_013"), { field: "phone" });
  return toE164(trimmed, "phone");
};
