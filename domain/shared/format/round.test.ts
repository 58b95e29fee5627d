import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { roundToOneDecimal } from "./round.ts";

describe("roundToOneDecimal", () => {
  test.each([
    [1.005, 1],
    [1.05, 1.1],
    [1.15, 1.2],
    [2.45, 2.5],
    [0.25, 0.3],
    [-1.25, -1.3],
    [-1.24, -1.2],
    [-0.04, 0],
    [12.34, 12.3],
    [99.95, 100],
    [0, 0],
    [1e-7, 0],
    [1e21, 1e21],
  ])("%d rounds to %d", (input, expected) => {
    expect(roundToOneDecimal(input)).toBe(expected);
  });

  test("a tiny negative value never reads as -0", () => {
    expect(Object.is(roundToOneDecimal(-0.01), 0)).toBe(true);
  });

  test("non-finite values pass through for the caller's fallback", () => {
    expect(roundToOneDecimal(Number.NaN)).toBeNaN();
    expect(roundToOneDecimal(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  const realistic = fc.double({ min: -1e9, max: 1e9, noNaN: true });

  test.prop([realistic])("the result has at most one decimal digit", (value) => {
    expect(String(roundToOneDecimal(value))).toMatch(/^-?\d+(\.\d)?$/);
  });

  test.prop([realistic])("the result is within half a tenth of the input", (value) => {
    expect(Math.abs(roundToOneDecimal(value) - value)).toBeLessThanOrEqual(0.05 + 1e-6);
  });

  test.prop([realistic])("rounding is symmetric around zero", (value) => {
    expect(roundToOneDecimal(-value)).toBe(roundToOneDecimal(value) === 0 ? 0 : -roundToOneDecimal(value));
  });

  test.prop([realistic])("rounding twice changes nothing", (value) => {
    const once = roundToOneDecimal(value);
    expect(roundToOneDecimal(once)).toBe(once);
  });
});
