import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { formatDate, formatDateTime, INVALID_DATE } from "./date.ts";

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

describe("formatDateTime", () => {
  test.prop([fc.constantFrom("", "  ", "yesterday", "2024-13-40T10:00:00Z", null, undefined)])("reads anything unreadable as 'Invalid date'", (input) => {
    expect(formatDateTime(input)).toBe(INVALID_DATE);
  });

  test.prop([fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2090-01-01T00:00:00Z"), noInvalidDate: true })])(
    "shows the local calendar date, then the local time with am or pm",
    (moment) => {
      const text = formatDateTime(moment.toISOString());
      const pad = (n: number) => String(n).padStart(2, "0");
      const hour12 = moment.getHours() % 12 === 0 ? 12 : moment.getHours() % 12;
      expect(text).toBe(
        `${pad(moment.getMonth() + 1)}/${pad(moment.getDate())}/${moment.getFullYear()} ${hour12}:${pad(moment.getMinutes())} ${moment.getHours() < 12 ? "AM" : "PM"}`,
      );
    },
  );
});
