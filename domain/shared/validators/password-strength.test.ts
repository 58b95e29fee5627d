import { fc, test } from "@fast-check/vitest";
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { checkPasswordStrength, MIN_PASSWORD_SCORE, passwordScore } from "./password-strength.ts";

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
    expect(checkPasswordStrength(password, ["Zanderkovic"]).ok).toBe(false);
    expect(checkPasswordStrength(password, ["ana.zanderkovic@clinic.org"]).ok).toBe(false);
  });

  const commonPasswords = dictionary["passwords-common"].filter((word) => word.length >= 8).slice(0, 2000);

  test.prop([fc.constantFrom(...commonPasswords)], { numRuns: 200 })("refuses every frequent breached password that is long enough", (password) => {
    expect(checkPasswordStrength(password)).toMatchObject({ ok: false, code: "ERROR_007" });
  });

  test.prop([fc.string({ maxLength: 30 })], { numRuns: 50 })("passes exactly when the score reaches the threshold", (password) => {
    expect(checkPasswordStrength(password).ok).toBe(passwordScore(password) >= MIN_PASSWORD_SCORE);
  });
});
