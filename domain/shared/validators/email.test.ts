import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { validateEmail } from "./email.ts";

describe("validateEmail", () => {
  it("requires an email", () => {
    expect(validateEmail("  ")).toEqual({ ok: false, code: "ERROR_003", message: "The email is required", field: "email" });
  });

  it("trims and lower-cases the domain only", () => {
    expect(validateEmail("  Ana.Lopez@Clinic.ORG ")).toEqual({ ok: true, value: "Ana.Lopez@clinic.org" });
  });

  it.each(["ana", "ana@", "@clinic.org", "ana@clinic", "ana lopez@clinic.org", "ana@@clinic.org", "ana@clinic..org"])("refuses %j", (text) => {
    expect(validateEmail(text)).toMatchObject({ ok: false, code: "ERROR_056", message: "The email is not valid" });
  });

  test.prop([fc.emailAddress()])("accepts common addresses", (email) => {
    fc.pre(/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(email) && email.length <= 254);
    expect(validateEmail(email).ok).toBe(true);
  });

  test.prop([fc.string()])("an accepted email has exactly one @ and no spaces", (text) => {
    const result = validateEmail(text);
    if (result.ok) {
      expect(result.value.split("@")).toHaveLength(2);
      expect(result.value).not.toMatch(/\s/);
    }
  });

  it("refuses an address holding an invisible direction or width character (ERROR_056 on the field)", () => {
    expect(validateEmail("ann\u202ea@clinic.org", "email")).toMatchObject({ ok: false, code: "ERROR_056", field: "email" });
    expect(validateEmail("ann\u200b@clinic.org", "email")).toMatchObject({ ok: false, code: "ERROR_056", field: "email" });
  });
});
