import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { calendarDayIn, instantAt } from "../shared/calendar/zone.ts";
import { addDays, firstDayOf, lastDayOf, monthOf } from "./iso-day.ts";
import { checkLogWindow, FUTURE_SLACK_MS } from "./log-window.ts";

const ZONES = ["UTC", "America/New_York", "America/Chicago", "America/Los_Angeles", "Pacific/Honolulu", "Pacific/Pago_Pago", "Pacific/Kiritimati", "Asia/Kolkata", "Australia/Lord_Howe"] as const;
const zone = fc.constantFrom(...ZONES);
const MINUTE = 60_000;
const instant = fc.integer({ min: Date.UTC(2000, 0, 1) / MINUTE, max: Date.UTC(2099, 11, 31) / MINUTE }).map((n) => new Date(n * MINUTE));
/** A "now" right at a month's edge in the zone: the first or last minutes of a month's first or last day. */
const monthEdge = fc
  .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }), first: fc.boolean(), minute: fc.integer({ min: 0, max: 1439 }), timeZone: zone })
  .map(({ year, month, first, minute, timeZone }) => {
    const m = `${year}-${String(month).padStart(2, "0")}`;
    const day = first ? firstDayOf(m) : lastDayOf(m);
    const now = instantAt(day, `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`, timeZone)!;
    return { now, timeZone };
  });

describe("the log window (issue 31, item 10)", () => {
  test("1900 is refused, last month is allowed, the month before is not, tomorrow is not", () => {
    const now = new Date("2026-11-29T15:00:00Z");
    expect(checkLogWindow({ start: new Date("1900-01-01T12:00:00Z") }, now, "America/Chicago")).toMatchObject({ ok: false, reason: "too_early" });
    expect(checkLogWindow({ day: "1900-01-01" }, now, "America/Chicago")).toMatchObject({ ok: false, reason: "too_early", span: { from: "2026-10-01", today: "2026-11-29" } });
    expect(checkLogWindow({ day: "2026-10-01" }, now, "America/Chicago").ok).toBe(true);
    expect(checkLogWindow({ day: "2026-09-30" }, now, "America/Chicago")).toMatchObject({ ok: false, reason: "too_early" });
    expect(checkLogWindow({ day: "2026-11-30" }, now, "America/Chicago")).toMatchObject({ ok: false, reason: "future" });
    expect(checkLogWindow({ start: new Date(now.getTime() + 2 * MINUTE) }, now, "America/Chicago")).toMatchObject({ ok: false, reason: "future" });
  });

  test("the institution's day decides, not UTC's: at 03:00 UTC on 1 December it is still November in Chicago", () => {
    const now = new Date("2026-12-01T03:00:00Z");
    const october15 = new Date("2026-10-15T15:00:00Z");
    expect(checkLogWindow({ start: october15 }, now, "America/Chicago").ok).toBe(true);
    expect(checkLogWindow({ start: october15 }, now, "UTC")).toMatchObject({ ok: false, reason: "too_early" });
    // A call on 1 December is tomorrow in Chicago, today in UTC.
    expect(checkLogWindow({ day: "2026-12-01" }, now, "America/Chicago")).toMatchObject({ ok: false, reason: "future" });
    expect(checkLogWindow({ day: "2026-12-01" }, now, "UTC").ok).toBe(true);
  });

  test.prop([instant, zone])("now itself, today and the first day of last month are always loggable", (now, timeZone) => {
    const today = calendarDayIn(now, timeZone);
    const from = firstDayOf(monthOf(addDays(firstDayOf(monthOf(today)), -1)));
    expect(checkLogWindow({ start: now }, now, timeZone)).toEqual({ ok: true, span: { from, today } });
    expect(checkLogWindow({ day: today }, now, timeZone).ok).toBe(true);
    expect(checkLogWindow({ day: from }, now, timeZone).ok).toBe(true);
    expect(checkLogWindow({ start: instantAt(from, "00:00", timeZone)! }, now, timeZone).ok).toBe(true);
  });

  test.prop([monthEdge])("at a month's first and last minutes: the day before the window and the day after today are refused", ({ now, timeZone }) => {
    const { span } = checkLogWindow({ start: now }, now, timeZone);
    expect(span.from.endsWith("-01")).toBe(true);
    // The window always holds all of last month and this month up to today: 28 to 61 days.
    expect(monthOf(addDays(span.from, -1)) < monthOf(addDays(firstDayOf(monthOf(span.today)), -1))).toBe(true);
    expect(checkLogWindow({ day: addDays(span.from, -1) }, now, timeZone)).toMatchObject({ ok: false, reason: "too_early" });
    expect(checkLogWindow({ day: addDays(span.today, 1) }, now, timeZone)).toMatchObject({ ok: false, reason: "future" });
    // The last minute before the window's first day, on the institution's clocks, is refused; its first minute is not.
    const opening = instantAt(span.from, "00:00", timeZone)!;
    expect(checkLogWindow({ start: opening }, now, timeZone).ok).toBe(true);
    expect(checkLogWindow({ start: new Date(opening.getTime() - MINUTE) }, now, timeZone)).toMatchObject({ ok: false, reason: "too_early" });
  });

  test.prop([instant, zone, fc.integer({ min: -120, max: 120 })])("a day is loggable exactly when it lies between the window's first day and today", (now, timeZone, offset) => {
    const { span } = checkLogWindow({ start: now }, now, timeZone);
    const day = addDays(span.today, offset);
    expect(checkLogWindow({ day }, now, timeZone).ok).toBe(day >= span.from && day <= span.today);
  });

  test.prop([instant, zone, fc.integer({ min: -90 * 24 * 60, max: 24 * 60 })])("a start is loggable exactly when it is at most a minute ahead and on a day of the window", (now, timeZone, minutes) => {
    const start = new Date(now.getTime() + minutes * MINUTE);
    const { span } = checkLogWindow({ start: now }, now, timeZone);
    const expected = start.getTime() <= now.getTime() + FUTURE_SLACK_MS && calendarDayIn(start, timeZone) >= span.from;
    expect(checkLogWindow({ start }, now, timeZone).ok).toBe(expected);
  });
});
