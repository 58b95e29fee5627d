import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  addDays,
  civilOf,
  dayNumber,
  dayNumberOf,
  dayNumberToIso,
  daysBetween,
  firstDayNumberOf,
  isIsoDay,
  lastDayNumberOf,
  lastDayOf,
} from "./iso-day.ts";

// The integer day arithmetic checked against the calendar Date keeps (the former implementation):
// every day from 1900 to 2300, whatever its month length or leap year.
const MS_PER_DAY = 86_400_000;
const viaDate = {
  dayNumber: (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY,
  iso: (n: number) => new Date(n * MS_PER_DAY).toISOString().slice(0, 10),
};
const FROM = viaDate.dayNumber("1900-01-01");
const TO = viaDate.dayNumber("2300-12-31");
const aDayNumber = fc.integer({ min: FROM, max: TO });
const aMonth = fc.record({ year: fc.integer({ min: 1900, max: 2300 }), month: fc.integer({ min: 1, max: 12 }) }).map(
  ({ year, month }) => `${year}-${String(month).padStart(2, "0")}`,
);

describe("day numbers", () => {
  test.prop([aDayNumber])("a day number and its ISO day round trip, and agree with Date", (n) => {
    const iso = dayNumberToIso(n);
    expect(iso).toBe(viaDate.iso(n));
    expect(dayNumber(iso)).toBe(n);
    expect(isIsoDay(iso)).toBe(true);
    const { year, month, day } = civilOf(n);
    expect(dayNumberOf(year, month, day)).toBe(n);
  });

  test.prop([aDayNumber, aDayNumber])("day numbers order as the ISO days do, and their difference is daysBetween", (a, b) => {
    const [x, y] = [dayNumberToIso(a), dayNumberToIso(b)];
    expect(Math.sign(a - b)).toBe(Math.sign(x.localeCompare(y)));
    expect(daysBetween(x, y)).toBe(b - a);
    expect(addDays(x, b - a)).toBe(y);
  });

  test.prop([aMonth])("a month's first and last day numbers bound it: the day after the last is the next month's first", (month) => {
    const first = firstDayNumberOf(month);
    const last = lastDayNumberOf(month);
    expect(dayNumberToIso(first)).toBe(`${month}-01`);
    expect(dayNumberToIso(last).slice(0, 7)).toBe(month);
    expect(dayNumberToIso(last + 1).slice(8)).toBe("01");
    expect(lastDayOf(month)).toBe(dayNumberToIso(last));
    expect(last - first + 1).toBeGreaterThanOrEqual(28);
    expect(last - first + 1).toBeLessThanOrEqual(31);
  });

  test.prop([fc.integer({ min: 1900, max: 2300 })])("February has 29 days exactly in leap years (every 4th, not every 100th, every 400th)", (year) => {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    expect(lastDayOf(`${year}-02`)).toBe(`${year}-02-${leap ? 29 : 28}`);
    expect(isIsoDay(`${year}-02-29`)).toBe(leap);
  });

  test.prop([aDayNumber, fc.integer({ min: -31, max: 400 })])("a day past its month's end runs into the next month, as Date.UTC does", (n, over) => {
    const { year, month } = civilOf(n);
    expect(dayNumberOf(year, month, over)).toBe(Date.UTC(year, month - 1, over) / MS_PER_DAY);
    expect(dayNumberOf(year, month + 13, 1)).toBe(Date.UTC(year, month + 12, 1) / MS_PER_DAY);
  });

  test("known days: the epoch, a leap day, a century that is not leap, and what is not a day", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("1969-12-31")).toBe(-1);
    expect(dayNumberToIso(dayNumber("2024-02-28") + 1)).toBe("2024-02-29");
    expect(dayNumberToIso(dayNumber("2100-02-28") + 1)).toBe("2100-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    for (const text of ["2026-1-01", "2026-01-1x", "20260101", "", "2026/01/01"]) expect(() => dayNumber(text)).toThrow(RangeError);
    expect(() => lastDayOf("26-1")).toThrow(RangeError);
  });
});
