import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { formatDate, INVALID_DATE } from "./date.ts";

describe("formatDate", () => {
  test("a calendar date is shown month/day/year, unshifted", () => {
    expect(formatDate("2024-05-02")).toBe("05/02/2024");
    expect(formatDate("1900-01-01")).toBe("01/01/1900");
  });

  test("a midday ISO timestamp is shown on its own day", () => {
    expect(formatDate("2024-11-30T12:00:00Z")).toBe("11/30/2024");
  });

  test.each(["", "   ", "not a date", "2024-02-30", "2024-13-01", "05/02/2024"])(
    "%j is an invalid date",
    (input) => {
      expect(formatDate(input)).toBe(INVALID_DATE);
    },
  );

  test("a missing date is an invalid date", () => {
    expect(formatDate(null)).toBe(INVALID_DATE);
    expect(formatDate(undefined)).toBe(INVALID_DATE);
  });

  test.prop([fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })])(
    "every real calendar date round-trips to MM/dd/yyyy",
    (year, month, day) => {
      const pad = (n: number, width: number) => String(n).padStart(width, "0");
      expect(formatDate(`${year}-${pad(month, 2)}-${pad(day, 2)}`)).toBe(`${pad(month, 2)}/${pad(day, 2)}/${year}`);
    },
  );
});
