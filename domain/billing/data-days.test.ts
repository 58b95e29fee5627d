import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { isPeriodSettled, periodBounds, periodIndexOf, shownRange, supplyNeed, type SupplyPeriod, supplyPeriods, supplyTierFor } from "./data-days.ts";
import { addDays, daysBetween } from "./iso-day.ts";
import { SUPPLY_DAYS, SUPPLY_PERIOD_DAYS } from "./rtm-codes.ts";

// A generated calendar: a monitoring start in 2025-2027, a today up to five periods later, and data
// days as offsets from the start (some before it, some after today, to check those are ignored).
const BASE = "2025-01-01";
const calendar = fc
  .record({
    start: fc.integer({ min: 0, max: 1000 }).map((n) => addDays(BASE, n)),
    todayOffset: fc.integer({ min: 0, max: 5 * SUPPLY_PERIOD_DAYS + 10 }),
    offsets: fc.uniqueArray(fc.integer({ min: -5, max: 6 * SUPPLY_PERIOD_DAYS }), { maxLength: 120 }),
  })
  .map(({ start, todayOffset, offsets }) => ({ start, today: addDays(start, todayOffset), days: offsets.map((o) => addDays(start, o)) }));

const currentOf = (periods: readonly SupplyPeriod[]): SupplyPeriod => {
  const last = periods.at(-1);
  if (last === undefined) throw new Error("no period");
  return last;
};

/** The days of the period from today on that are not data days yet: where new data days can fall. */
const openDays = (period: SupplyPeriod, today: string): string[] => {
  const taken = new Set(period.dataDays);
  const days: string[] = [];
  for (let day = daysBetween(period.start, today) > 0 ? today : period.start; daysBetween(day, period.end) >= 0; day = addDays(day, 1)) {
    if (!taken.has(day)) days.push(day);
  }
  return days;
};

const withDays = (period: SupplyPeriod, added: readonly string[]): SupplyPeriod => {
  const dataDays = [...new Set([...period.dataDays, ...added])].toSorted();
  return { ...period, dataDays, tier: supplyTierFor(dataDays.length) };
};

describe("device supply tiers", () => {
  it.each([
    [0, null],
    [1, null],
    [2, "short"],
    [15, "short"],
    [16, "full"],
    [30, "full"],
  ] as const)("%i data days support %s", (count, tier) => {
    expect(supplyTierFor(count)).toBe(tier);
  });

  it("period n covers start + 30n .. start + 30n + 29", () => {
    expect(periodBounds("2026-01-01", 0)).toEqual({ start: "2026-01-01", end: "2026-01-30" });
    expect(periodBounds("2026-01-01", 1)).toEqual({ start: "2026-01-31", end: "2026-03-01" });
    expect(periodIndexOf("2026-01-01", "2025-12-31")).toBeNull();
    expect(periodIndexOf("2026-01-01", "2026-01-30")).toBe(0);
    expect(periodIndexOf("2026-01-01", "2026-01-31")).toBe(1);
  });

  it("the periods cross a daylight-saving change and a leap day without losing a day", () => {
    expect(periodBounds("2028-02-15", 0)).toEqual({ start: "2028-02-15", end: "2028-03-15" });
    expect(periodBounds("2026-03-01", 0).end).toBe("2026-03-30");
  });

  it("'needs 3 more data days by Dec 12': the last start date is the period end minus two days", () => {
    const period = supplyPeriods("2026-11-15", ["2026-11-16", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"], "2026-12-02")[0];
    if (period === undefined) throw new Error("no period");
    expect(period.end).toBe("2026-12-14");
    expect(supplyNeed(period, SUPPLY_DAYS.full, "2026-12-02")).toEqual({ kind: "needs", more: 3, by: "2026-12-12" });
    expect(supplyNeed(period, SUPPLY_DAYS.full, "2026-12-13")).toEqual({ kind: "unreachable", more: 3 });
    expect(supplyNeed(period, SUPPLY_DAYS.short, "2026-12-13")).toEqual({ kind: "reached" });
  });

  test.prop([calendar])("the periods partition the days from the start to the end of today's period", ({ start, today, days }) => {
    const periods = supplyPeriods(start, days, today);
    expect(periods.length).toBe((periodIndexOf(start, today) ?? -1) + 1);
    periods.forEach((period, index) => {
      expect(period.index).toBe(index);
      expect(daysBetween(period.start, period.end)).toBe(SUPPLY_PERIOD_DAYS - 1);
      expect(period.start).toBe(index === 0 ? start : addDays(periods[index - 1]?.end ?? "", 1));
      for (const day of period.dataDays) expect(daysBetween(period.start, day) >= 0 && daysBetween(day, period.end) >= 0).toBe(true);
    });
    const counted = periods.flatMap((period) => period.dataDays);
    const inRange = new Set(days.filter((day) => daysBetween(start, day) >= 0 && daysBetween(day, currentOf(periods).end) >= 0));
    expect(counted.toSorted()).toEqual([...inRange].toSorted());
  });

  test.prop([calendar, fc.array(fc.nat(), { maxLength: 40 })])(
    "the same periods, each one's days in order, whether the days come in order (as the server reads them), in any order or repeated",
    ({ start, today, days }, repeats) => {
      const inOrder = supplyPeriods(start, days.toSorted(), today);
      for (const period of inOrder) expect(period.dataDays).toEqual(period.dataDays.toSorted());
      const repeated = [...days, ...repeats.flatMap((at) => (days.length === 0 ? [] : [days[at % days.length] ?? ""]))];
      expect(supplyPeriods(start, repeated, today)).toEqual(inOrder);
      expect(supplyPeriods(start, new Set(days.toReversed()), today)).toEqual(inOrder);
      for (const period of inOrder) {
        const reversed = { ...period, dataDays: period.dataDays.toReversed() };
        for (const threshold of [SUPPLY_DAYS.short, SUPPLY_DAYS.full]) expect(supplyNeed(reversed, threshold, today)).toEqual(supplyNeed(period, threshold, today));
      }
    },
  );

  test.prop([calendar, fc.integer({ min: 0, max: 6 * SUPPLY_PERIOD_DAYS })])("adding a data day never lowers any period's supply tier", ({ start, today, days }, extra) => {
    const rank = (tier: string | null): number => (tier === "full" ? 2 : tier === "short" ? 1 : 0);
    const before = supplyPeriods(start, days, today);
    const after = supplyPeriods(start, [...days, addDays(start, extra)], today);
    before.forEach((period, index) => expect(rank(after[index]?.tier ?? null)).toBeGreaterThanOrEqual(rank(period.tier)));
  });

  test.prop([calendar, fc.constantFrom(SUPPLY_DAYS.short, SUPPLY_DAYS.full)])(
    "'needs N more by D' is consistent: N new days from D on reach the threshold, starting after D cannot, and unreachable means too few days are left",
    ({ start, today, days }, threshold) => {
      const period = currentOf(supplyPeriods(start, days, today));
      const need = supplyNeed(period, threshold, today);
      const open = openDays(period, today);
      if (need.kind === "reached") {
        expect(period.dataDays.length).toBeGreaterThanOrEqual(threshold);
        return;
      }
      expect(need.more).toBe(threshold - period.dataDays.length);
      if (need.kind === "unreachable") {
        expect(open.length).toBeLessThan(need.more);
        return;
      }
      const fromBy = open.filter((day) => daysBetween(need.by, day) >= 0);
      expect(fromBy.length).toBe(need.more);
      expect(withDays(period, fromBy).dataDays.length).toBe(threshold);
      expect(open.filter((day) => daysBetween(need.by, day) > 0).length).toBeLessThan(need.more);
      expect(daysBetween(today, need.by)).toBeGreaterThanOrEqual(0);
    },
  );

  test.prop([calendar])("with no data days after today, D is the period end minus N-1 days", ({ start, today, days }) => {
    const period = currentOf(supplyPeriods(start, days.filter((day) => daysBetween(day, today) >= 0), today));
    for (const threshold of [SUPPLY_DAYS.short, SUPPLY_DAYS.full]) {
      const need = supplyNeed(period, threshold, today);
      if (need.kind === "needs" && !period.dataDays.includes(today)) expect(need.by).toBe(addDays(period.end, -(need.more - 1)));
    }
  });

  test.prop([calendar])("a period is settled once it ended or reached 16 days; the current one only by 16 days", ({ start, today, days }) => {
    const periods = supplyPeriods(start, days, today);
    periods.slice(0, -1).forEach((period) => expect(isPeriodSettled(period, today)).toBe(true));
    const current = currentOf(periods);
    expect(isPeriodSettled(current, today)).toBe(current.tier === "full");
  });
});

describe("the days the data-days panel shows", () => {
  it("shows the previous and the current period, nothing before monitoring starts", () => {
    expect(shownRange(null, "2026-03-01")).toBeNull();
    expect(shownRange("2026-03-05", "2026-03-01")).toBeNull();
    expect(shownRange("2026-02-20", "2026-03-01")).toEqual({ from: "2026-02-20", to: "2026-03-21" });
    expect(shownRange("2025-12-01", "2026-03-01")).toEqual({ from: "2026-01-30", to: "2026-03-30" });
  });

  test.prop([fc.integer({ min: 0, max: 1000 }).map((n) => addDays(BASE, n)), fc.integer({ min: -40, max: 6 * SUPPLY_PERIOD_DAYS })])(
    "holds today, starts on a period's first day no earlier than monitoring, and spans one period or two",
    (start, todayOffset) => {
      const today = addDays(start, todayOffset);
      const range = shownRange(start, today);
      if (todayOffset < 0) {
        expect(range).toBeNull();
        return;
      }
      if (range === null) throw new Error("a range once monitoring has started");
      expect(range.from <= today && today <= range.to).toBe(true);
      expect(range.from >= start).toBe(true);
      expect(daysBetween(start, range.from) % SUPPLY_PERIOD_DAYS).toBe(0);
      const days = daysBetween(range.from, range.to) + 1;
      expect(days === SUPPLY_PERIOD_DAYS || days === 2 * SUPPLY_PERIOD_DAYS).toBe(true);
      // The second period appears exactly once the first is over.
      expect(days === 2 * SUPPLY_PERIOD_DAYS).toBe(todayOffset >= SUPPLY_PERIOD_DAYS);
    },
  );
});
