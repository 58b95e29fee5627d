import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { NOT_AVAILABLE } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { changeInWords } from "./change-in-words.ts";

const weekChangeOf = (change: unknown) => changeInWords(change, "last week");

describe("a change in words", () => {
  test("says the direction and the rounded size in words", () => {
    expect(weekChangeOf(12.46)).toEqual({ text: "Up 12.5% on last week", trend: "up" });
    expect(weekChangeOf(-3)).toEqual({ text: "Down 3% on last week", trend: "down" });
    expect(weekChangeOf(0)).toEqual({ text: "No change on last week", trend: "none" });
    expect(weekChangeOf("7.25")).toEqual({ text: "Up 7.3% on last week", trend: "up" });
  });

  test("a change too small to show is no change, with no arrow", () => {
    expect(weekChangeOf(0.04)).toEqual({ text: "No change on last week", trend: "none" });
    expect(weekChangeOf(-0.04)).toEqual({ text: "No change on last week", trend: "none" });
  });

  test("a missing or unreadable change is 'Not available' with no direction", () => {
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, "", "abc", {}]) {
      expect(weekChangeOf(missing)).toEqual({ text: NOT_AVAILABLE, trend: "none" });
    }
  });

  test.prop([fc.double({ min: -1e6, max: 1e6, noNaN: true })])("the arrow always agrees with the words", (change) => {
    const { text, trend } = weekChangeOf(change);
    const shown = roundToOneDecimal(change);
    if (trend === "up") expect(text).toBe(`Up ${shown}% on last week`);
    else if (trend === "down") expect(text).toBe(`Down ${-shown}% on last week`);
    else expect(text).toBe("No change on last week");
    expect(text).not.toContain("-");
  });
});

test.prop([fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom("last week", "the previous session")])("names what the figure is compared with", (change, comparedWith) => {
  expect(changeInWords(change, comparedWith).text.endsWith(`on ${comparedWith}`)).toBe(true);
});
