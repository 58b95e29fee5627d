import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { latestDayOnEarth, viewerDay } from "./today.ts";
import { calendarDayIn } from "./zone.ts";

// Every zone this runtime knows, the date line's both sides included.
const ZONES = Intl.supportedValuesOf("timeZone");
const MINUTE = 60_000;
// Kiritimati has kept UTC+14 since Kiribati moved the date line on 1 January 1995.
const instant = fc.integer({ min: Date.UTC(1995, 0, 2) / MINUTE, max: Date.UTC(2099, 11, 31) / MINUTE }).map((n) => new Date(n * MINUTE));

describe("which day today is", () => {
  it("the latest day on Earth is Kiritimati's: ahead of UTC by 14 hours", () => {
    expect(latestDayOnEarth(new Date("2026-11-29T09:59:00Z"))).toBe("2026-11-29");
    expect(latestDayOnEarth(new Date("2026-11-29T10:00:00Z"))).toBe("2026-11-30");
  });

  test.prop([instant, fc.constantFrom(...ZONES)])("no zone's today is after the latest day on Earth, and Kiritimati's is it", (now, zone) => {
    expect(calendarDayIn(now, zone) <= latestDayOnEarth(now)).toBe(true);
    expect(calendarDayIn(now, "Pacific/Kiritimati")).toBe(latestDayOnEarth(now));
  });

  test.prop([instant])("the viewer's day is the day of their own zone", (now) => {
    expect(viewerDay(now)).toBe(calendarDayIn(now, Intl.DateTimeFormat().resolvedOptions().timeZone));
  });
});
