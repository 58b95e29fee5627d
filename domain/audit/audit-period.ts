import type { ErrorCode } from "../shared/error-catalogue.ts";

/**
 * The periods of the audit viewer (issue 38, docs/audit-viewer.md): a report or an export covers
 * at most a year, a review signs off whole days, and the weeks a review names run Monday to Sunday.
 * Days are yyyy-MM-dd in UTC, the trail's own clock, so every reader counts the same rows.
 */

/** The longest period a report or an export covers: a year, a leap day included. */
export const MAX_REPORT_DAYS = 366;

const DAY_MS = 86_400_000;

/** The day's number since 1970-01-01 (the wire has already checked it is a real day). */
export const dayNumber = (day: string): number => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: string, count: number): string => new Date((dayNumber(day) + count) * DAY_MS).toISOString().slice(0, 10);

/** What is wrong with a period, as a catalogue code and the field it points at; null when it reads. */
export type PeriodProblem = { readonly code: ErrorCode; readonly field: "from" | "to"; readonly reason: string };

/**
 * A period runs from its first to its last day, both included: a start after the end is
 * ERROR_034 ('Start date cannot be greater than end date'); longer than `maxDays` is ERROR_056 on its end.
 */
export const periodProblem = (from: string, to: string, maxDays: number = MAX_REPORT_DAYS): PeriodProblem | null => {
  if (from > to) return { code: "ERROR_034", field: "from", reason: "start_after_end" };
  if (dayNumber(to) - dayNumber(from) + 1 > maxDays) return { code: "ERROR_056", field: "to", reason: "period_too_long" };
  return null;
};

/** The Monday-to-Sunday week before the one `today` falls in: the week a weekly review signs off. */
export const previousWeek = (today: string): { readonly start: string; readonly end: string } => {
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday.
  const weekday = (((dayNumber(today) + 3) % 7) + 7) % 7;
  const monday = addDays(today, -weekday - 7);
  return { start: monday, end: addDays(monday, 6) };
};

/** The period a report opens with: the last 30 days up to `today`. */
export const recentPeriod = (today: string): { readonly from: string; readonly to: string } => ({ from: addDays(today, -29), to: today });
