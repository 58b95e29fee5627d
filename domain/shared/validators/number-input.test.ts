import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { isBlockedNumberKey, parseNumberInput } from "./number-input.ts";

describe("number inputs", () => {
  it("blocks the sign and exponent keys only", () => {
    expect(["-", "+", "e", "E"].every(isBlockedNumberKey)).toBe(true);
    expect(["1", ".", "Backspace", "ArrowUp", "Tab"].some(isBlockedNumberKey)).toBe(false);
  });

  it.each([
    ["", null],
    ["  ", null],
    ["abc", null],
    ["-3", null],
    ["1e3", null],
    ["0x10", null],
    ["Infinity", null],
    ["1.2.3", null],
    ["12", 12],
    [" 4 ", 4],
    ["0.5", 0.5],
    [".5", 0.5],
    ["3.", 3],
  ])("reads %j as %s", (text, value) => {
    expect(parseNumberInput(text)).toBe(value);
  });

  test.prop([fc.string()])("never returns NaN or an infinite number", (text) => {
    const value = parseNumberInput(text);
    if (value !== null) expect(Number.isFinite(value)).toBe(true);
  });

  test.prop([fc.nat()])("reads back any non-negative integer it is given", (n) => {
    expect(parseNumberInput(String(n))).toBe(n);
  });

  test.prop([fc.string()])("text containing a blocked key never becomes a number", (text) => {
    fc.pre([...text].some(isBlockedNumberKey));
    expect(parseNumberInput(text)).toBeNull();
  });
});
