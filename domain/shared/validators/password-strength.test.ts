import { fc, test } from "@fast-check/vitest";
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { checkPasswordStrength, MIN_PASSWORD_SCORE, type PasswordOwner, passwordScore } from "./password-strength.ts";
import { fuzzRuns } from "../testing/fuzz-budget.test-helper.ts";

describe("checkPasswordStrength", () => {
  it.each(["password", "12345678", "iloveyou2", "qwertyuiop", "Password123!", "Summer2024!", "monkey12"])(
    "refuses the common or guessable %j with ERROR_007",
    (password) => {
      expect(checkPasswordStrength(password)).toMatchObject({
        ok: false,
        code: "ERROR_007",
        message: "The provided password did not meet the required criteria",
      });
    },
  );

  it.each(["correct horse battery staple", "xK9#mQ2$vL", "clinic-blue-otter-42", "Tr0ub4dor&3"])("accepts the strong %j", (password) => {
    expect(checkPasswordStrength(password)).toEqual({ ok: true, value: password });
  });

  it("counts the person's own email and names as guessable", () => {
    const password = "zanderkovic2019";
    expect(checkPasswordStrength(password).ok).toBe(true);
    expect(checkPasswordStrength(password, { lastName: "Zanderkovic" }).ok).toBe(false);
    expect(checkPasswordStrength(password, { email: "ana.zanderkovic@clinic.org" }).ok).toBe(false);
  });

  const commonPasswords = dictionary["passwords-common"].filter((word) => word.length >= 8).slice(0, 2000);

  test.prop([fc.constantFrom(...commonPasswords)], { numRuns: fuzzRuns(200) })("refuses every frequent breached password that is long enough", (password) => {
    expect(checkPasswordStrength(password)).toMatchObject({ ok: false, code: "ERROR_007" });
  });

  test.prop([fc.string({ maxLength: 30 })], { numRuns: fuzzRuns(50) })("passes exactly when the score reaches the threshold", (password) => {
    expect(checkPasswordStrength(password).ok).toBe(passwordScore(password) >= MIN_PASSWORD_SCORE);
  });
});

// Issue 31 item 8: passwords built from the person's own names, address or institution.
describe("a password made of the person's own words", () => {
  const maria: PasswordOwner = { firstName: "María", lastName: "García", email: "maria.garcia@sunrise-clinic.org", institutionName: "Sunrise Clinic" };

  it.each(["MariaGarcia2026!", "Maria.Garcia.2026", "garcia-maria-1990", "GarciaMaria!!2026", "SunriseClinic2026!", "Sunrise.Clinic.2026", "clinic-sunrise-1990", "maria.garcia@sunrise"])(
    "refuses %j for María García of Sunrise Clinic with ERROR_007",
    (password) => {
      expect(checkPasswordStrength(password, maria)).toMatchObject({ ok: false, code: "ERROR_007", field: "new_password" });
    },
  );

  it.each(["MariaGarcia2026!", "Maria.Garcia.2026", "garcia-maria-1990", "SunriseClinic2026!"])("accepts %j from someone else (the rule is about the owner)", (password) => {
    expect(checkPasswordStrength(password, { firstName: "Ana", lastName: "Lopez", email: "ana.lopez@harbor.test", institutionName: "Harbor Health" }).ok).toBe(true);
  });

  it.each(["Lantern-Meadow-Quartz-97", "maria-xK9#mQ2$vL", "correct horse battery staple"])("accepts %j for her: strong without her words", (password) => {
    expect(checkPasswordStrength(password, maria)).toEqual({ ok: true, value: password });
  });

  const words = ["María", "García", "Sunrise", "Clinic", "maria", "GARCIA"];
  const glue = fc.constantFrom("", ".", "-", "_", "!", "");
  test.prop([fc.array(fc.constantFrom(...words), { minLength: 2, maxLength: 3 }), glue, fc.integer({ min: 1900, max: 2099 }), fc.constantFrom("", "!", "?", "#")])(
    "refuses any mix of her names and institution with a year and a symbol",
    (parts, separator, year, symbol) => {
      const password = `${parts.join(separator)}${separator}${year}${symbol}`;
      expect(checkPasswordStrength(password, maria).ok).toBe(false);
    },
  );

  test.prop([fc.string({ maxLength: 30 })], { numRuns: fuzzRuns(50) })("never scores a password higher for its owner than for a stranger", (password) => {
    expect(passwordScore(password, maria)).toBeLessThanOrEqual(passwordScore(password));
  });
});
