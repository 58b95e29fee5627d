import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { validatePasswordChange, validatePasswordConfirmation, validatePasswordDiffers, validatePasswordLength } from "./password.ts";

const longPassword = fc.string({ unit: "grapheme-ascii", minLength: 8, maxLength: 40 });

describe("password rules", () => {
  test.prop([fc.string({ unit: "binary", maxLength: 7 })])("every password shorter than 8 characters fails with ERROR_006", (password) => {
    expect(validatePasswordLength(password)).toMatchObject({
      ok: false,
      code: "ERROR_006",
      message: "The password must be at least 8 characters long",
    });
  });

  test.prop([longPassword])("8 characters or more pass the length rule unchanged", (password) => {
    expect(validatePasswordLength(password)).toEqual({ ok: true, value: password });
  });

  it("counts characters, not UTF-16 units, and never trims", () => {
    expect(validatePasswordLength("😀😀😀😀").ok).toBe(false);
    expect(validatePasswordLength("   abcd   ").ok).toBe(true);
  });

  test.prop([fc.string(), fc.string()])("the confirmation must match exactly (ERROR_008)", (password, confirmation) => {
    const result = validatePasswordConfirmation(password, confirmation);
    expect(result.ok).toBe(password === confirmation);
    if (!result.ok) expect(result).toMatchObject({ code: "ERROR_008", message: "The passwords do not match" });
  });

  test.prop([fc.string(), fc.string()])("the new password must differ from the old (ERROR_010)", (oldPassword, newPassword) => {
    const result = validatePasswordDiffers(oldPassword, newPassword);
    expect(result.ok).toBe(oldPassword !== newPassword);
    if (!result.ok) expect(result.message).toBe("The new password cannot be the same as the old password");
  });

  test.prop([fc.string(), fc.string(), fc.string()])("a change passes exactly when all three rules pass", (oldPassword, newPassword, confirmation) => {
    const expected = [...newPassword].length >= 8 && newPassword !== oldPassword && newPassword === confirmation;
    expect(validatePasswordChange({ oldPassword, newPassword, confirmation }).ok).toBe(expected);
  });

  it("reports the length problem first, then reuse, then the confirmation", () => {
    expect(validatePasswordChange({ oldPassword: "short", newPassword: "short", confirmation: "x" })).toMatchObject({ code: "ERROR_006" });
    expect(validatePasswordChange({ oldPassword: "longenough", newPassword: "longenough", confirmation: "x" })).toMatchObject({ code: "ERROR_010" });
    expect(validatePasswordChange({ oldPassword: "old-secret", newPassword: "longenough", confirmation: "x" })).toMatchObject({
      code: "ERROR_008",
      field: "new_password_confirmation",
    });
  });
});
