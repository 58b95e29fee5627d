import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { fail, succeed, type Result } from "../result.ts";

/** The country chosen on a form: its display name and its ISO 3166-1 alpha-2 code. */
export type CountryChoice = { readonly name: string; readonly code2: string };

export const COUNTRY_REQUIRED_MESSAGE = "Country must be selected to validate postal code";
/** 'Invalid postal code for {country}', with the country's display name. */
export const invalidPostalCodeMessage = (countryName: string): string => `Invalid postal code for ${countryName}`;

// postcode-validator's generic pattern (letters and digits in groups separated by one space or
// hyphen), for a country the library has no format for.
const GENERIC_FORMAT = "INTL";

/** Whether the library knows a specific postal-code format for a country code (ISO alpha-2, any case). */
export const hasPostalCodeFormat = (code2: string): boolean =>
  code2.length === 2 && postcodeValidatorExistsForCountry(code2.toUpperCase());

/** A postal code is optional; once given, a country must be chosen and the code must fit that country's format (ERROR_076). It is stored trimmed and upper-cased. */
export const validatePostalCode = (text: string, country: CountryChoice | null | undefined, field = "zip_code"): Result<string> => {
  const code = text.trim().toUpperCase();
  if (code.length === 0) return succeed("");
  if (country === null || country === undefined) return fail("ERROR_076", COUNTRY_REQUIRED_MESSAGE, { field });
  const format = hasPostalCodeFormat(country.code2) ? country.code2.toUpperCase() : GENERIC_FORMAT;
  return postcodeValidator(code, format) ? succeed(code) : fail("ERROR_076", invalidPostalCodeMessage(country.name), { field });
};
