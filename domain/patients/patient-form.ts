import { catalogueMessage } from "../shared/error-catalogue.ts";
import { succeed, fail, type Failure, type Result, type Success } from "../shared/result.ts";
import { validateDateOfBirth } from "./date-of-birth.ts";
import { validateEmail } from "../shared/validators/email.ts";
import { checkPhone, type PhoneNumbers } from "../shared/validators/phone-rule.ts";
import { validatePostalCode, type CountryChoice } from "../shared/validators/postal-code.ts";
import { validatePersonName } from "../shared/validators/person-name.ts";
import { validateVisibleText } from "../shared/validators/invisible-characters.ts";
import { BIRTH_GENDERS } from "./patients-wire.ts";

/** The patient form as typed. City and state are picked places the form keeps itself; only the country matters to the rules. */
export type PatientFormInput = {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  /** yyyy-MM-dd */
  readonly birthdate: string;
  /** The assigned birth gender. */
  readonly gender: string;
  readonly phone?: string | undefined;
  readonly address_1?: string | undefined;
  readonly address_2?: string | undefined;
  readonly zip_code?: string | undefined;
  readonly country?: CountryChoice | null | undefined;
};

/** The form after the checks: every text trimmed, the phone in E.164 (null when none), the postal code upper-cased. */
export type PatientFormValues = {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly birthdate: string;
  readonly gender: string;
  readonly phone: string | null;
  readonly address_1: string;
  readonly address_2: string;
  readonly zip_code: string;
  readonly country: CountryChoice | null;
};

export type PatientFormField = keyof PatientFormValues;
export type PatientFormErrors = Readonly<Partial<Record<PatientFormField, Failure>>>;
/** Either the cleaned values, or every field's first problem at once so the form can mark them all. */
export type PatientFormCheck = Success<PatientFormValues> | { readonly ok: false; readonly errors: PatientFormErrors };

/** The assigned birth gender must be chosen (ERROR_003), and be one the form offers (ERROR_052, as the server answers). */
export const validateGender = (text: string): Result<string> => {
  const trimmed = text.trim();
  if (trimmed.length === 0) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "assigned birth gender" }), { field: "gender" });
  return BIRTH_GENDERS.some((gender) => gender === trimmed) ? succeed(trimmed) : fail("ERROR_052", catalogueMessage("ERROR_052"), { field: "gender" });
};

/** A patient needs names, email, date of birth (1900 to `today`, yyyy-MM-dd) and birth gender; phone and postal code are optional but must be valid when given (the phone as `numbers` reads it). */
export const validatePatientForm = (input: PatientFormInput, today: string, numbers: PhoneNumbers): PatientFormCheck => {
  const errors: Partial<Record<PatientFormField, Failure>> = {};
  const check = <A>(field: PatientFormField, result: Result<A>, fallback: A): A => {
    if (result.ok) return result.value;
    errors[field] = result;
    return fallback;
  };
  const country = input.country ?? null;
  const values: PatientFormValues = {
    first_name: check("first_name", validatePersonName(input.first_name, "first name", "first_name"), ""),
    last_name: check("last_name", validatePersonName(input.last_name, "last name", "last_name"), ""),
    email: check("email", validateEmail(input.email), ""),
    birthdate: check("birthdate", validateDateOfBirth(input.birthdate, today), ""),
    gender: check("gender", validateGender(input.gender), ""),
    phone: check("phone", checkPhone(input.phone, { required: false }, numbers), null),
    address_1: check("address_1", validateVisibleText((input.address_1 ?? "").trim(), "address", "address_1"), ""),
    address_2: check("address_2", validateVisibleText((input.address_2 ?? "").trim(), "address", "address_2"), ""),
    zip_code: check("zip_code", validatePostalCode(input.zip_code ?? "", country), ""),
    country,
  };
  return Object.keys(errors).length === 0 ? succeed(values) : { ok: false, errors };
};
