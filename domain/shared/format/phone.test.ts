import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { maskPhone } from "./phone.ts";

describe("maskPhone", () => {
  test("only the last four characters stay visible", () => {
    expect(maskPhone("55512341234")).toBe("*******1234");
    expect(maskPhone("+15551231234")).toBe("********1234");
  });

  test("a number of four characters or fewer has nothing to hide", () => {
    expect(maskPhone("1234")).toBe("1234");
    expect(maskPhone("12")).toBe("12");
  });

  test("a missing phone shows nothing", () => {
    expect(maskPhone(undefined)).toBe("");
  });

  test.prop([fc.stringMatching(/^\+?\d{5,15}$/)])("the length is kept and only the last four digits are readable", (phone) => {
    const masked = maskPhone(phone);
    expect(masked.length).toBe(phone.length);
    expect(masked.slice(-4)).toBe(phone.slice(-4));
    expect(masked.slice(0, -4)).toMatch(/^\*+$/);
  });
});
