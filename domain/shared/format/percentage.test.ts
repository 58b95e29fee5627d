import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { formatPercentage, formatPercentChange, NOT_AVAILABLE, toFiniteNumber, TREND, trendOf } from "./percentage.ts";

describe("formatPercentage", () => {
  test.each([
    [12.345, "12.3%"],
    [75, "75%"],
    [0, "0%"],
    [-4.25, "-4.3%"],
    ["66.66", "66.7%"],
  ])("%j reads %j", (value, expected) => {
    expect(formatPercentage(value)).toBe(expected);
  });

  test.each([null, undefined, "", "abc", Number.NaN, Number.POSITIVE_INFINITY, {}, true])("%j is not available", (value) => {
    expect(formatPercentage(value)).toBe(NOT_AVAILABLE);
  });
});

describe("trendOf", () => {
  test("up above zero, down below zero, none otherwise", () => {
    expect(trendOf(3.2)).toBe(TREND.up);
    expect(trendOf(-0.1)).toBe(TREND.down);
    expect(trendOf(0)).toBe(TREND.none);
    expect(trendOf(null)).toBe(TREND.none);
    expect(trendOf("n/a")).toBe(TREND.none);
  });

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])("the trend follows the sign of the change", (change) => {
    expect(trendOf(change)).toBe(change > 0 ? TREND.up : change < 0 ? TREND.down : TREND.none);
  });
});

describe("formatPercentChange", () => {
  test("a missing change has no direction", () => {
    expect(formatPercentChange(undefined)).toEqual({ text: NOT_AVAILABLE, trend: TREND.none });
  });

  test("a drop reads negative and trends down", () => {
    expect(formatPercentChange(-12.06)).toEqual({ text: "-12.1%", trend: TREND.down });
  });
});

describe("toFiniteNumber", () => {
  test("numeric strings are read, blanks are not", () => {
    expect(toFiniteNumber(" 4.5 ")).toBe(4.5);
    expect(toFiniteNumber("  ")).toBeNull();
  });
});
