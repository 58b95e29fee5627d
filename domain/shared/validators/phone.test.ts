import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { toSmsPhone, validatePhone } from "./phone.ts";

describe("validatePhone", () => {
  it.each([
    ["(202) 555-0143", "+12025550143"],
    ["202.555.0143", "+12025550143"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+33 6 12 34 56 78", "+33612345678"],
  ])("reads %j as %s", (text, e164) => {
    expect(validatePhone(text, { required: true })).toEqual({ ok: true, value: e164 });
  });

  it.each(["12", "+1 999 456 1111", "call 202 555 0143", "202-555-0143 ext 4", "abc"])("refuses %j with ERROR_002", (text) => {
    expect(validatePhone(text, { required: false })).toMatchObject({ ok: false, code: "ERROR_002", message: "The phone number is not valid" });
  });

  it("lets an optional phone be empty and requires a required one (ERROR_013)", () => {
    expect(validatePhone("  ", { required: false })).toEqual({ ok: true, value: null });
    expect(validatePhone(undefined, { required: true })).toMatchObject({ ok: false, code: "ERROR_013", message: "No phone number provided" });
  });

  test.prop([fc.string()])("a valid number always comes back in E.164 with a leading plus", (text) => {
    const result = validatePhone(text, { required: false });
    if (result.ok && result.value !== null) expect(result.value).toMatch(/^\+[1-9][0-9]{6,14}$/);
  });

  test.prop([fc.integer({ min: 2_000_000, max: 9_999_999 })])("formatting does not change the number", (line) => {
    const digits = `415${line}`;
    const plain = validatePhone(digits, { required: true });
    const dressed = validatePhone(`(415) ${digits.slice(3, 6)}-${digits.slice(6)}`, { required: true });
    expect(dressed).toEqual(plain);
  });
});

describe("toSmsPhone", () => {
  it("sends a US number typed without a plus as +1", () => {
    expect(toSmsPhone("202 555 0143")).toEqual({ ok: true, value: "+12025550143" });
  });

  it("needs a number", () => {
    expect(toSmsPhone("")).toMatchObject({ code: "ERROR_013" });
    expect(toSmsPhone("555")).toMatchObject({ code: "ERROR_002" });
  });

  test.prop([fc.string()])("is idempotent on its own output", (text) => {
    const first = toSmsPhone(text);
    if (first.ok) expect(toSmsPhone(first.value)).toEqual(first);
  });
});
