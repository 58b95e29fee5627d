import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { calendarDayIn, instantAt, wallClockIn } from "./zone.ts";

// Zones with a daylight-saving change (north and south), half-hour and 45-minute offsets, and the
// extremes of the date line, so day and month boundaries fall at every hour of UTC.
const ZONES = ["UTC", "America/New_York", "America/Chicago", "America/Los_Angeles", "Pacific/Honolulu", "Pacific/Pago_Pago", "Pacific/Kiritimati", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Europe/London"] as const;
const zone = fc.constantFrom(...ZONES);
const MINUTE = 60_000;
const minuteInstant = fc.integer({ min: Date.UTC(2000, 0, 1) / MINUTE, max: Date.UTC(2099, 11, 31) / MINUTE }).map((n) => new Date(n * MINUTE));

describe("the institution's calendar", () => {
  test("an instant's day is the zone's, not UTC's", () => {
    // 03:30 UTC on the 1st of November is still the evening of 31 October in Chicago.
    expect(calendarDayIn(new Date("2026-11-01T03:30:00Z"), "America/Chicago")).toBe("2026-10-31");
    expect(calendarDayIn(new Date("2026-11-01T03:30:00Z"), "UTC")).toBe("2026-11-01");
    expect(calendarDayIn(new Date("2026-10-31T11:00:00Z"), "Pacific/Kiritimati")).toBe("2026-11-01");
    expect(wallClockIn(new Date("2026-11-27T15:04:00Z"), "America/New_York")).toEqual({ day: "2026-11-27", time: "10:04" });
  });

  test("a wall time skipped by the clocks is taken past the jump; one shown twice, at its first showing", () => {
    expect(instantAt("2026-03-08", "02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(instantAt("2026-11-01", "01:30", "America/New_York")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(instantAt("2026-11-27", "10:04", "America/New_York")?.toISOString()).toBe("2026-11-27T15:04:00.000Z");
  });

  test.each([["2026-02-30", "10:00"], ["2026-13-01", "10:00"], ["2026-11-27", "24:00"], ["2026-11-27", "9:5"], ["", ""]])("%s %s is no instant", (day, time) => {
    expect(instantAt(day, time, "America/Chicago")).toBeNull();
  });

  test.prop([minuteInstant, zone])("the wall clock of an instant leads back to it, or to the first showing of that time", (instant, timeZone) => {
    const wall = wallClockIn(instant, timeZone);
    const back = instantAt(wall.day, wall.time, timeZone);
    expect(back).not.toBeNull();
    expect(back!.getTime()).toBeLessThanOrEqual(instant.getTime());
    expect(wallClockIn(back!, timeZone)).toEqual(wall);
    expect(calendarDayIn(instant, timeZone)).toBe(wall.day);
  });

  test.prop([minuteInstant, zone])("the zone's day is never more than 14 hours from UTC's", (instant, timeZone) => {
    const day = calendarDayIn(instant, timeZone);
    expect(day >= calendarDayIn(new Date(instant.getTime() - 14 * 60 * MINUTE), "UTC")).toBe(true);
    expect(day <= calendarDayIn(new Date(instant.getTime() + 14 * 60 * MINUTE), "UTC")).toBe(true);
  });
});
