// Treatment management (issue 24): the minutes an SLP spent on one patient in a calendar month,
// the codes they support, and whether a live call makes them billable. Time entries overlap when
// a timer ran during a manual entry, so minutes are the union of the intervals, never a plain sum.
import { type IsoDay, type IsoMonth, monthOf } from "./iso-day.ts";
import { MANAGEMENT_CODES, MANAGEMENT_MINUTES } from "./rtm-codes.ts";

const MS_PER_MINUTE = 60_000;

/** One time entry: when it started (ISO instant), its length, and its calendar day in the institution's zone. */
export type TimeEntry = {
  readonly start: string;
  readonly minutes: number;
  /** The entry's day in the institution's time zone (the server supplies it); it places the entry in a month. */
  readonly day: IsoDay;
  /** Who worked; one clinician bills a patient per period (billing-status.ts). */
  readonly clinicianId?: string;
};

/** A logged live interactive communication: its day in the institution's zone and its length. */
export type CallEntry = { readonly day: IsoDay; readonly minutes: number };

/** A code with its units. */
export type CodeUnits = { readonly code: string; readonly units: number };

/** The month's treatment management. */
export type ManagementMonth = {
  readonly minutes: number;
  /** The codes the minutes support, whatever the calls. */
  readonly supported: readonly CodeUnits[];
  readonly hasLiveCall: boolean;
  /** The codes that may be billed: the supported ones when a live call was logged in the month, else none. */
  readonly billable: readonly CodeUnits[];
};

/**
 * Whole minutes covered by the entries' union: overlapping time counts once. Partial minutes left by
 * starts off the minute are dropped rather than rounded up (billing never claims time not spent).
 * Entries with an unreadable start or no length are skipped.
 */
export const unionMinutes = (entries: readonly Pick<TimeEntry, "start" | "minutes">[]): number => {
  const intervals = entries
    .map((entry) => ({ from: Date.parse(entry.start), to: Date.parse(entry.start) + entry.minutes * MS_PER_MINUTE }))
    .filter((interval) => Number.isFinite(interval.from) && interval.to > interval.from)
    .toSorted((a, b) => a.from - b.from);
  let total = 0;
  let open: { from: number; to: number } | null = null;
  for (const interval of intervals) {
    if (open !== null && interval.from <= open.to) open = { from: open.from, to: Math.max(open.to, interval.to) };
    else {
      if (open !== null) total += open.to - open.from;
      open = interval;
    }
  }
  if (open !== null) total += open.to - open.from;
  return Math.floor(total / MS_PER_MINUTE);
};

/** The codes a month's minutes support: 10-19 → 98979; 20+ → 98980 and one 98981 per further full 20; never 98979 with 98980. */
export const managementCodesFor = (minutes: number): readonly CodeUnits[] => {
  if (minutes < MANAGEMENT_MINUTES.short) return [];
  if (minutes < MANAGEMENT_MINUTES.first20) return [{ code: MANAGEMENT_CODES.short, units: 1 }];
  const further = Math.floor((minutes - MANAGEMENT_MINUTES.first20) / MANAGEMENT_MINUTES.each20);
  return further > 0
    ? [{ code: MANAGEMENT_CODES.first20, units: 1 }, { code: MANAGEMENT_CODES.each20, units: further }]
    : [{ code: MANAGEMENT_CODES.first20, units: 1 }];
};

/** Whether a live call (of some length) was logged in the month. Portal messages are not calls and never reach here. */
export const hasLiveCallIn = (month: IsoMonth, calls: readonly CallEntry[]): boolean =>
  calls.some((call) => monthOf(call.day) === month && call.minutes > 0);

/** The month's management: union minutes of the entries dated in the month, their codes, and whether they are billable. */
export const managementMonth = (month: IsoMonth, entries: readonly TimeEntry[], calls: readonly CallEntry[]): ManagementMonth => {
  const minutes = unionMinutes(entries.filter((entry) => monthOf(entry.day) === month));
  const supported = managementCodesFor(minutes);
  const hasLiveCall = hasLiveCallIn(month, calls);
  return { minutes, supported, hasLiveCall, billable: hasLiveCall ? supported : [] };
};
