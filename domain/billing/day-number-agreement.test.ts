import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { periodBounds, periodIndexOf, supplyNeed, supplyPeriods, supplyTierFor } from "./data-days.ts";
import { SUPPLY_DAYS, SUPPLY_PERIOD_DAYS } from "./rtm-codes.ts";

// The billing rules' hot path counts in integer day numbers (issue 36: iso-day.ts' dayNumber, and
// supplyPeriods and supplyNeed walking integers). Here the same rules written the old way, on ISO
// strings stepped through Date and compared as text, must agree with them on every generated
// calendar: same periods, same data days in each, same tiers, same "needs N more by D".
const MS_PER_DAY = 86_400_000;
const stringDay = {
  add: (day: string, count: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + count * MS_PER_DAY).toISOString().slice(0, 10),
  between: (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY),
};

/** The periods up to today's, each with its sorted data days and tier: string arithmetic and text comparison only. */
const periodsByStrings = (start: string, days: readonly string[], today: string) => {
  if (today < start) return [];
  const periods = [];
  for (let index = 0; stringDay.add(start, index * SUPPLY_PERIOD_DAYS) <= today; index += 1) {
    const from = stringDay.add(start, index * SUPPLY_PERIOD_DAYS);
    const to = stringDay.add(from, SUPPLY_PERIOD_DAYS - 1);
    const inside = [...new Set(days)].filter((day) => day >= from && day <= to).toSorted();
    periods.push({ index, start: from, end: to, dataDays: inside, tier: supplyTierFor(inside.length) });
  }
  return periods;
};

/** What a period needs for a threshold, stepping back day by day as strings from its end to today (or its start). */
const needByStrings = (period: { start: string; end: string; dataDays: readonly string[] }, threshold: number, today: string) => {
  const more = threshold - period.dataDays.length;
  if (more <= 0) return { kind: "reached" };
  const from = today > period.start ? today : period.start;
  let found = 0;
  for (let day = period.end; day >= from; day = stringDay.add(day, -1)) {
    if (period.dataDays.includes(day)) continue;
    found += 1;
    if (found === more) return { kind: "needs", more, by: day };
  }
  return { kind: "unreachable", more };
};

// Starts over four centuries' worth of calendar quirks (leap days, 1900 and 2100 not leap, 2000 leap).
const calendar = fc
  .record({
    start: fc.integer({ min: 0, max: 400 * 366 }).map((n) => stringDay.add("1899-12-01", n)),
    todayOffset: fc.integer({ min: -3, max: 4 * SUPPLY_PERIOD_DAYS + 10 }),
    offsets: fc.uniqueArray(fc.integer({ min: -5, max: 5 * SUPPLY_PERIOD_DAYS }), { maxLength: 80 }),
  })
  .map(({ start, todayOffset, offsets }) => ({ start, today: stringDay.add(start, todayOffset), days: offsets.map((o) => stringDay.add(start, o)) }));

describe("day numbers agree with ISO strings in the billing rules", () => {
  test.prop([calendar])("supply periods: the same periods, data days and tiers", ({ start, days, today }) => {
    expect(supplyPeriods(start, days, today)).toEqual(periodsByStrings(start, days, today));
  });

  test.prop([calendar])("what a period still needs: the same count and the same last day", ({ start, days, today }) => {
    for (const period of supplyPeriods(start, days, today)) {
      for (const threshold of [SUPPLY_DAYS.short, SUPPLY_DAYS.full]) expect(supplyNeed(period, threshold, today)).toEqual(needByStrings(period, threshold, today));
    }
  });

  test.prop([calendar])("a day's period and the period's bounds", ({ start, today }) => {
    const offset = stringDay.between(start, today);
    const index = periodIndexOf(start, today);
    expect(index).toBe(offset < 0 ? null : Math.floor(offset / SUPPLY_PERIOD_DAYS));
    if (index !== null) {
      expect(periodBounds(start, index)).toEqual({
        start: stringDay.add(start, index * SUPPLY_PERIOD_DAYS),
        end: stringDay.add(start, index * SUPPLY_PERIOD_DAYS + SUPPLY_PERIOD_DAYS - 1),
      });
    }
  });
});
