import { calendarDayIn } from "../shared/calendar/zone.ts";
import { addDays, firstDayOf, type IsoDay, monthOf } from "./iso-day.ts";

// How far back treatment-management time and live calls may be logged (issue 31, item 10): a
// billing month is worked on while it runs and closed early in the next, so an entry or a call
// may fall in the institution's current month or the month before, never earlier (a claim for a
// month long past is not something to back-date) and never after now. A locked month is refused
// on its own (docs/billing.md, "Month-end"), even within those two months.

/** How far ahead of now a start may lie: a clinician's clock a little fast is not an error. */
export const FUTURE_SLACK_MS = 60_000;

/** The days time and calls may be logged on: from the first day of last month to today, on the institution's calendar. */
export type LogWindow = { readonly from: IsoDay; readonly today: IsoDay };

/** Why a day or a start cannot be logged. */
export type OutsideLogWindow = { readonly ok: false; readonly reason: "future" | "too_early"; readonly span: LogWindow };
export type LogWindowCheck = { readonly ok: true; readonly span: LogWindow } | OutsideLogWindow;

/** What is being logged: a time entry's start (an instant) or a call's day (a calendar day of the institution). */
export type LoggedWhen = { readonly start: Date } | { readonly day: IsoDay };

const windowOn = (today: IsoDay): LogWindow => ({ from: firstDayOf(monthOf(addDays(firstDayOf(monthOf(today)), -1))), today });

/**
 * Time and calls are logged in the institution's current or previous month and never ahead of now:
 * a start no more than a minute ahead and on a day from the first of last month, a call's day from
 * the first of last month to today, days read on the institution's calendar (`timeZone`).
 */
export const checkLogWindow = (when: LoggedWhen, now: Date, timeZone: string): LogWindowCheck => {
  const span = windowOn(calendarDayIn(now, timeZone));
  const outside = (reason: OutsideLogWindow["reason"]): OutsideLogWindow => ({ ok: false, reason, span });
  if ("start" in when) {
    if (when.start.getTime() > now.getTime() + FUTURE_SLACK_MS) return outside("future");
    return calendarDayIn(when.start, timeZone) < span.from ? outside("too_early") : { ok: true, span };
  }
  if (when.day > span.today) return outside("future");
  return when.day < span.from ? outside("too_early") : { ok: true, span };
};
