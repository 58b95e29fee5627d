import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { addDays } from "./iso-day.ts";
import { hasLiveCallIn, managementCodesFor, managementMonth, type TimeEntry, unionMinutes } from "./management-time.ts";
import { MANAGEMENT_CODES, RTM_CODES } from "./rtm-codes.ts";

// Generated time logs: entries on whole minutes of a few days of one month (so overlaps are common),
// each dated by its own day as the server would supply it.
const MONTH = "2026-12";
const entry = fc
  .record({ day: fc.integer({ min: 1, max: 3 }), minute: fc.integer({ min: 0, max: 300 }), minutes: fc.integer({ min: 1, max: 60 }) })
  .map(({ day, minute, minutes }): TimeEntry => {
    const date = `${MONTH}-0${day}`;
    const at = `${date}T${String(8 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00Z`;
    return { start: at, minutes, day: date };
  });
const entries = fc.array(entry, { maxLength: 12 });
const sum = (list: readonly TimeEntry[]): number => list.reduce((total, e) => total + e.minutes, 0);

describe("treatment management codes", () => {
  it.each([
    [0, []],
    [9, []],
    [10, [{ code: "98979", units: 1 }]],
    [19, [{ code: "98979", units: 1 }]],
    [20, [{ code: "98980", units: 1 }]],
    [39, [{ code: "98980", units: 1 }]],
    [40, [{ code: "98980", units: 1 }, { code: "98981", units: 1 }]],
    [59, [{ code: "98980", units: 1 }, { code: "98981", units: 1 }]],
    [60, [{ code: "98980", units: 1 }, { code: "98981", units: 2 }]],
  ])("%i minutes support %j", (minutes, codes) => {
    expect(managementCodesFor(minutes)).toEqual(codes);
  });

  test.prop([fc.integer({ min: 0, max: 600 })])("98979 is never with 98980, codes come from the table, and each unit stands for minutes spent", (minutes) => {
    const codes = managementCodesFor(minutes);
    const names = codes.map((c) => c.code);
    expect(names.includes(MANAGEMENT_CODES.short) && names.includes(MANAGEMENT_CODES.first20)).toBe(false);
    for (const { code, units } of codes) {
      expect(RTM_CODES).toContain(code);
      expect(units).toBeGreaterThanOrEqual(1);
    }
    const covered = codes.reduce((total, c) => total + (c.code === MANAGEMENT_CODES.short ? 10 : 20) * c.units, 0);
    expect(covered).toBeLessThanOrEqual(minutes);
  });

  test.prop([fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 })])("more minutes never support fewer units", (a, b) => {
    const units = (m: number): number => managementCodesFor(m).reduce((total, c) => total + c.units, 0);
    expect(units(Math.max(a, b))).toBeGreaterThanOrEqual(units(Math.min(a, b)));
  });
});

describe("management minutes", () => {
  it("overlapping entries count their union: a timer run inside a manual entry adds nothing", () => {
    const manual = { start: "2026-12-01T09:00:00Z", minutes: 30, day: "2026-12-01" };
    const timer = { start: "2026-12-01T09:10:00Z", minutes: 10, day: "2026-12-01" };
    const later = { start: "2026-12-01T09:25:00Z", minutes: 15, day: "2026-12-01" };
    expect(unionMinutes([manual, timer])).toBe(30);
    expect(unionMinutes([manual, timer, later])).toBe(40);
    expect(unionMinutes([{ ...manual, start: "2026-12-01T10:00:00+01:00" }, manual])).toBe(30);
  });

  it("partial minutes are dropped, never rounded up", () => {
    expect(unionMinutes([{ start: "2026-12-01T09:00:00Z", minutes: 5 }, { start: "2026-12-01T09:04:30Z", minutes: 5 }])).toBe(9);
  });

  test.prop([entries])("the union never counts more than the sum nor less than the longest entry", (list) => {
    const union = unionMinutes(list);
    expect(union).toBeLessThanOrEqual(sum(list));
    expect(union).toBeGreaterThanOrEqual(Math.max(0, ...list.map((e) => e.minutes)));
  });

  test.prop([entries, fc.integer({ min: 0, max: 11 })])("a repeated entry counts once, and adding an entry never lowers the minutes", (list, pick) => {
    const picked = list[pick % Math.max(1, list.length)];
    if (picked !== undefined) expect(unionMinutes([...list, picked])).toBe(unionMinutes(list));
    expect(unionMinutes([...list, { start: "2026-12-02T12:00:00Z", minutes: 7, day: "2026-12-02" }])).toBeGreaterThanOrEqual(unionMinutes(list));
  });

  test.prop([fc.array(fc.integer({ min: 1, max: 59 }), { maxLength: 10 })])("entries that do not touch add up exactly", (lengths) => {
    const list = lengths.map((minutes, index) => ({ start: `2026-12-01T${String(index + 8).padStart(2, "0")}:00:00Z`, minutes }));
    expect(unionMinutes(list)).toBe(lengths.reduce((a, b) => a + b, 0));
  });

  test.prop([entries, fc.array(fc.record({ day: fc.integer({ min: -40, max: 40 }).map((n) => addDays("2026-12-15", n)), minutes: fc.integer({ min: 0, max: 30 }) }), { maxLength: 4 })])(
    "management codes are billable only with a live call in the month, and then are exactly the supported ones",
    (list, calls) => {
      const month = managementMonth(MONTH, list, calls);
      const called = calls.some((call) => call.day.startsWith(MONTH) && call.minutes > 0);
      expect(month.hasLiveCall).toBe(called);
      expect(month.billable).toEqual(called ? month.supported : []);
      expect(month.supported).toEqual(managementCodesFor(month.minutes));
    },
  );

  it("entries and calls of another month do not count", () => {
    const list = [
      { start: "2026-11-30T09:00:00Z", minutes: 30, day: "2026-11-30" },
      { start: "2026-12-01T09:00:00Z", minutes: 12, day: "2026-12-01" },
    ];
    expect(managementMonth(MONTH, list, [{ day: "2026-11-30", minutes: 10 }])).toEqual({
      minutes: 12,
      supported: [{ code: "98979", units: 1 }],
      hasLiveCall: false,
      billable: [],
    });
    expect(hasLiveCallIn(MONTH, [{ day: "2026-12-31", minutes: 3 }])).toBe(true);
    expect(hasLiveCallIn(MONTH, [{ day: "2026-12-31", minutes: 0 }])).toBe(false);
  });
});
