// Device supply (issue 24): rolling 30-day periods from the start of monitoring and the data days in
// each. A data day is a calendar day, in the institution's time zone, with at least one exercise
// session of the patient; the server supplies those days as ISO dates already in that zone.
import { addDays, dayNumber, dayNumberToIso, daysBetween, type IsoDay } from "./iso-day.ts";
import { SUPPLY_DAYS, SUPPLY_PERIOD_DAYS, type SupplyTier } from "./rtm-codes.ts";

/** One 30-day period: period n covers start + 30n .. start + 30n + 29. */
export type SupplyPeriod = {
  readonly index: number;
  readonly start: IsoDay;
  readonly end: IsoDay;
  /** The data days inside the period, sorted, without repeats. */
  readonly dataDays: readonly IsoDay[];
  /** The supply tier the period's data days support so far, or null below 2 days. */
  readonly tier: SupplyTier | null;
};

/** What the period still needs for one tier: already reached, N more days starting no later than `by`, or out of reach. */
export type SupplyNeed =
  | { readonly kind: "reached" }
  | { readonly kind: "needs"; readonly more: number; readonly by: IsoDay }
  | { readonly kind: "unreachable"; readonly more: number };

/** The tier a count of data days supports: 16 or more → full, 2-15 → short, fewer → none. */
export const supplyTierFor = (dataDayCount: number): SupplyTier | null =>
  dataDayCount >= SUPPLY_DAYS.full ? "full" : dataDayCount >= SUPPLY_DAYS.short ? "short" : null;

/** The index of the period a day falls in, or null before monitoring started. */
export const periodIndexOf = (monitoringStart: IsoDay, day: IsoDay): number | null => {
  const offset = daysBetween(monitoringStart, day);
  return offset < 0 ? null : Math.floor(offset / SUPPLY_PERIOD_DAYS);
};

/** The first and last day of period `index`. */
export const periodBounds = (monitoringStart: IsoDay, index: number): { readonly start: IsoDay; readonly end: IsoDay } => ({
  start: addDays(monitoringStart, index * SUPPLY_PERIOD_DAYS),
  end: addDays(monitoringStart, index * SUPPLY_PERIOD_DAYS + SUPPLY_PERIOD_DAYS - 1),
});

/** Whether the days are in order without repeats: ISO days of four-digit years order as text does. */
const isStrictlyAscending = (days: readonly IsoDay[]): boolean => {
  for (let i = 1; i < days.length; i += 1) if ((days[i - 1] as IsoDay) >= (days[i] as IsoDay)) return false;
  return true;
};

/**
 * The periods from the start of monitoring up to the one holding `today`, each with its data days and
 * tier. Days before the start or after today's period are ignored; repeated days count once.
 */
export const supplyPeriods = (monitoringStart: IsoDay, dataDays: Iterable<IsoDay>, today: IsoDay): readonly SupplyPeriod[] => {
  // On day numbers: each day is read once, not once per comparison (issue 36).
  const start = dayNumber(monitoringStart);
  const sinceStart = dayNumber(today) - start;
  if (sinceStart < 0) return [];
  const last = Math.floor(sinceStart / SUPPLY_PERIOD_DAYS);
  const byPeriod: IsoDay[][] = Array.from({ length: last + 1 }, () => []);
  // The server reads them in order and once each: then they are bucketed as they come, with no set and
  // no sort per period (a cold month-end's largest garbage at 100,000 patients, issue 36); any other
  // list is put in order first, so every period's days come out sorted either way.
  const given = Array.isArray(dataDays) ? (dataDays as readonly IsoDay[]) : [...dataDays];
  const days = isStrictlyAscending(given) ? given : [...new Set(given)].sort();
  for (const day of days) {
    const offset = dayNumber(day) - start;
    if (offset >= 0) byPeriod[Math.floor(offset / SUPPLY_PERIOD_DAYS)]?.push(day);
  }
  return byPeriod.map((periodDays, index) => {
    const first = start + index * SUPPLY_PERIOD_DAYS;
    return { index, start: dayNumberToIso(first), end: dayNumberToIso(first + SUPPLY_PERIOD_DAYS - 1), dataDays: periodDays, tier: supplyTierFor(periodDays.length) };
  });
};

/**
 * What a period needs to reach `threshold` data days as of `today`. The N missing days must be days of
 * the period from today on that are not data days yet; `by` is the last date on which the first of them
 * can still fall (with no data days after today: period end minus N-1 days). Unreachable when fewer
 * such days are left.
 */
export const supplyNeed = (period: SupplyPeriod, threshold: number, today: IsoDay): SupplyNeed => {
  const more = threshold - period.dataDays.length;
  if (more <= 0) return { kind: "reached" };
  // The period's days in order (as supplyPeriods gives them), walked back from its end beside the
  // free days: no set of them per question (four questions a patient's month, issue 36).
  const days = isStrictlyAscending(period.dataDays) ? period.dataDays : [...new Set(period.dataDays)].sort();
  const start = dayNumber(period.start);
  const todayNumber = dayNumber(today);
  const from = todayNumber > start ? todayNumber : start;
  let next = days.length - 1;
  let taken = next >= 0 ? dayNumber(days[next] as IsoDay) : Number.NEGATIVE_INFINITY;
  let found = 0;
  for (let day = dayNumber(period.end); day >= from; day -= 1) {
    while (taken > day) {
      next -= 1;
      taken = next >= 0 ? dayNumber(days[next] as IsoDay) : Number.NEGATIVE_INFINITY;
    }
    if (taken === day) continue;
    found += 1;
    if (found === more) return { kind: "needs", more, by: dayNumberToIso(day) };
  }
  return { kind: "unreachable", more };
};

/** Whether a period's supply code can no longer change: it has ended, or it already reached the 16-30 day tier. */
export const isPeriodSettled = (period: SupplyPeriod, today: IsoDay): boolean =>
  // ISO days of four-digit years order as text does: no day arithmetic needed.
  period.tier === "full" || today > period.end;

/**
 * The days the panel shows: the previous and the current 30-day period (the current one is the
 * period holding today). Before monitoring starts, or when the first session lies after today
 * (a device clock ahead of ours), there is no period yet and no day to show.
 */
export const shownRange = (monitoringStart: IsoDay | null, today: IsoDay): { readonly from: IsoDay; readonly to: IsoDay } | null => {
  if (monitoringStart === null) return null;
  const current = periodIndexOf(monitoringStart, today);
  if (current === null) return null;
  return { from: periodBounds(monitoringStart, Math.max(0, current - 1)).start, to: periodBounds(monitoringStart, current).end };
};
