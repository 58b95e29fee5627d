import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { addDays, dayNumber, MAX_REPORT_DAYS, periodProblem, previousWeek, recentPeriod } from "./audit-period.ts";

const days = fc.integer({ min: 0, max: 40_000 }).map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe("the audit viewer's periods", () => {
  it("refuses a start after the end (ERROR_034) and more than a year (ERROR_056), a leap year whole", () => {
    expect(periodProblem("2026-03-02", "2026-03-01")).toEqual({ code: "ERROR_034", field: "from", reason: "start_after_end" });
    expect(periodProblem("2024-01-01", "2024-12-31")).toBeNull();
    expect(periodProblem("2025-01-01", "2026-01-01")).toBeNull();
    expect(periodProblem("2025-01-01", "2026-01-02")).toEqual({ code: "ERROR_056", field: "to", reason: "period_too_long" });
    expect(periodProblem("2026-03-01", "2026-03-01")).toBeNull();
  });

  test.prop([days, fc.integer({ min: -500, max: 500 })])("counts days forward and back across months and leap days", (day, count) => {
    expect(dayNumber(addDays(day, count)) - dayNumber(day)).toBe(count);
    expect(addDays(addDays(day, count), -count)).toBe(day);
  });

  test.prop([days])("signs off the whole Monday-to-Sunday week before today's", (today) => {
    const week = previousWeek(today);
    expect(new Date(`${week.start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(dayNumber(week.end) - dayNumber(week.start)).toBe(6);
    expect(week.end < today).toBe(true);
    expect(dayNumber(today) - dayNumber(week.end)).toBeLessThanOrEqual(7);
  });

  test.prop([days])("opens a report on the last 30 days, well inside the year", (today) => {
    const period = recentPeriod(today);
    expect(period.to).toBe(today);
    expect(periodProblem(period.from, period.to)).toBeNull();
    expect(dayNumber(period.to) - dayNumber(period.from) + 1).toBe(30);
    expect(MAX_REPORT_DAYS).toBe(366);
  });

  it("names the week of a Monday, a Sunday and a New Year", () => {
    expect(previousWeek("2026-11-30")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(previousWeek("2026-11-29")).toEqual({ start: "2026-11-16", end: "2026-11-22" });
    expect(previousWeek("2027-01-01")).toEqual({ start: "2026-12-21", end: "2026-12-27" });
  });
});
