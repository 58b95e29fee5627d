import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { validateOtp } from "./otp.ts";

const digit = fc.constantFrom(..."0123456789");

describe("validateOtp", () => {
  test.prop([fc.string({ unit: digit, minLength: 6, maxLength: 6 })])("any six digits pass", (code) => {
    expect(validateOtp(code)).toEqual({ ok: true, value: code });
  });

  test.prop([fc.string({ unit: "binary" })])("anything that is not exactly six ASCII digits fails with ERROR_019", (code) => {
    fc.pre(!/^[0-9]{6}$/.test(code));
    expect(validateOtp(code)).toMatchObject({ ok: false, code: "ERROR_019", message: "The OTP code is invalid" });
  });

  it.each(["12345", "1234567", " 123456", "123 456", "12345a", "١٢٣٤٥٦", "", "123456\n"])("refuses %j", (code) => {
    expect(validateOtp(code).ok).toBe(false);
  });
});
