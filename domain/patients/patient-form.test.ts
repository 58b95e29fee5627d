import { fc, test } from "@fast-check/vitest";
import { phoneNumbers } from "../shared/validators/phone.ts";
import { describe, expect, it } from "vitest";
import { validatePatientForm, type PatientFormInput } from "./patient-form.ts";

const TODAY = "2025-06-15";
const GOOD: PatientFormInput = {
  first_name: "  Ana ",
  last_name: " Lopez ",
  email: " ana@clinic.org ",
  birthdate: "1951-04-02",
  gender: "female",
  phone: "(202) 555-0143",
  address_1: " 1 Main St ",
  address_2: "",
  zip_code: "90210",
  country: { name: "United States", code2: "US" },
};

const errorsOf = (input: PatientFormInput) => {
  const result = validatePatientForm(input, TODAY, phoneNumbers);
  return result.ok ? {} : result.errors;
};

describe("validatePatientForm", () => {
  it("accepts a complete form and trims and normalises it", () => {
    expect(validatePatientForm(GOOD, TODAY, phoneNumbers)).toEqual({
      ok: true,
      value: {
        first_name: "Ana",
        last_name: "Lopez",
        email: "ana@clinic.org",
        birthdate: "1951-04-02",
        gender: "female",
        phone: "+12025550143",
        address_1: "1 Main St",
        address_2: "",
        zip_code: "90210",
        country: { name: "United States", code2: "US" },
      },
    });
  });

  it("uses the spec's name messages", () => {
    const empty = errorsOf({ ...GOOD, first_name: " ", last_name: "" });
    expect(empty.first_name?.message).toBe("The first name is required");
    expect(empty.last_name?.message).toBe("The last name is required");
    const short = errorsOf({ ...GOOD, first_name: "A", last_name: " L " });
    expect(short.first_name?.message).toBe("The first name is too short.");
    expect(short.last_name?.message).toBe("The last name is too short.");
    expect(short.first_name?.code).toBe("ERROR_004");
  });

  it("reports every field's problem at once", () => {
    const errors = errorsOf({ first_name: "", last_name: "", email: "", birthdate: "", gender: "", zip_code: "123" });
    expect(Object.keys(errors).sort()).toEqual(["birthdate", "email", "first_name", "gender", "last_name", "zip_code"]);
    expect(errors.email?.message).toBe("The email is required");
    expect(errors.gender?.message).toBe("The assigned birth gender is required");
    expect(errors.zip_code?.message).toBe("Country must be selected to validate postal code");
  });

  it("refuses a future, pre-1900 or impossible date of birth with ERROR_054", () => {
    for (const birthdate of ["2025-06-16", "1899-01-01", "1990-02-30"]) {
      expect(errorsOf({ ...GOOD, birthdate }).birthdate?.code).toBe("ERROR_054");
    }
  });

  it("refuses a postal code that does not fit the chosen country", () => {
    expect(errorsOf({ ...GOOD, zip_code: "1234" }).zip_code?.message).toBe("Invalid postal code for United States");
  });

  it("refuses an invalid optional phone but accepts none", () => {
    expect(errorsOf({ ...GOOD, phone: "12" }).phone?.code).toBe("ERROR_002");
    expect(validatePatientForm({ ...GOOD, phone: undefined }, TODAY, phoneNumbers)).toMatchObject({ ok: true, value: { phone: null } });
  });

  test.prop([fc.string(), fc.string()])("a name passes exactly when it has 2 or more characters after trimming", (first, last) => {
    const errors = errorsOf({ ...GOOD, first_name: first, last_name: last });
    expect(errors.first_name === undefined).toBe([...first.trim()].length >= 2);
    expect(errors.last_name === undefined).toBe([...last.trim()].length >= 2);
  });

  test.prop([fc.string(), fc.string(), fc.string()])("accepted text fields never keep surrounding spaces", (first, address1, address2) => {
    const result = validatePatientForm({ ...GOOD, first_name: first, address_1: address1, address_2: address2 }, TODAY, phoneNumbers);
    if (result.ok) {
      for (const value of [result.value.first_name, result.value.address_1, result.value.address_2]) expect(value).toBe(value.trim());
    }
  });

  it("refuses invisible direction and width characters in names, e-mail and address lines, each on its field", () => {
    const result = validatePatientForm({ ...GOOD, first_name: "An\u202ea", last_name: "Lo\u2066pez", email: "ana\u200b@clinic.org", address_1: "1 Main\u200f St", address_2: "Flat\ufeff 2" }, TODAY, phoneNumbers);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const field of ["first_name", "last_name", "email", "address_1", "address_2"] as const) {
      expect(result.errors[field]).toMatchObject({ code: "ERROR_056", field });
    }
  });
});
