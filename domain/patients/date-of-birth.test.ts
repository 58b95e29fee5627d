import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { isCalendarDate, validateDateOfBirth } from "./date-of-birth.ts";

const TODAY = "2025-06-15";
const pad = (n: number, width: number): string => String(n).padStart(width, "0");

describe("isCalendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "1999-12-31", "1900-01-01"])("accepts %s", (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it.each(["2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-1-5", "05/06/2024", "2024-06-15T00:00"])("refuses %s", (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });

  // The platform's own calendar (UTC, so no clock or zone is involved) is the oracle.
  test.prop([fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })])(
    "agrees with the calendar on every year, month and day",
    (year, month, day) => {
      const date = new Date(Date.UTC(year, month - 1, day));
      const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      expect(isCalendarDate(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)).toBe(real);
    },
  );
});

describe("validateDateOfBirth", () => {
  it("requires a date", () => {
    expect(validateDateOfBirth(" ", TODAY)).toEqual({ ok: false, code: "ERROR_003", message: "The date of birth is required", field: "birthdate" });
  });

  it.each(["1899-12-31", "2025-06-16", "2031-01-01", "2023-02-29", "not a date"])("refuses %s with ERROR_054", (text) => {
    expect(validateDateOfBirth(text, TODAY)).toMatchObject({ ok: false, code: "ERROR_054", message: "The date of birth is invalid" });
  });

  it.each(["1900-01-01", "2025-06-15", "1987-03-09"])("accepts %s", (text) => {
    expect(validateDateOfBirth(text, TODAY)).toEqual({ ok: true, value: text });
  });

  test.prop([fc.date({ min: new Date("1850-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })])(
    "a real day passes exactly when it lies between 1900-01-01 and today",
    (date) => {
      const text = date.toISOString().slice(0, 10);
      expect(validateDateOfBirth(text, TODAY).ok).toBe(text >= "1900-01-01" && text <= TODAY);
    },
  );
});
