// How days, months and instants read on every screen: one locale (US English, as the spec's
// MM/dd/yyyy dates), and days named as written (a "YYYY-MM-DD" is never moved by a zone: it is
// formatted at noon UTC). An instant is named in the zone the caller passes (the institution's for
// billing, the viewer's for their own clock), never the machine's by accident.
import type { CalendarDay, CalendarMonth } from "./zone.ts";

/** The locale every label is written in. */
export const LABEL_LOCALE = "en-US";

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = JSON.stringify(options);
  let made = formatters.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat(LABEL_LOCALE, options);
    formatters.set(key, made);
  }
  return made;
};

const atNoon = (day: CalendarDay): Date => new Date(`${day}T12:00:00Z`);

/** A text that names no real day or instant is shown as written rather than thrown at the screen. */
const written = (options: Intl.DateTimeFormatOptions, at: Date, text: string): string => (Number.isNaN(at.getTime()) ? text : formatter(options).format(at));

/** "2026-03" → "March 2026". */
export const monthLabel = (month: CalendarMonth): string => written({ month: "long", year: "numeric", timeZone: "UTC" }, atNoon(`${month}-15`), month);

/** "2026-12-12" → "Dec 12": a day within a period or a due date, where the year goes without saying. */
export const shortDayLabel = (day: CalendarDay): string => written({ month: "short", day: "numeric", timeZone: "UTC" }, atNoon(day), day);

/** "2026-03-08" → "Mar 8, 2026". */
export const dayLabel = (day: CalendarDay): string => written({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }, atNoon(day), day);

/** "2026-03-08" → "March 8, 2026": a day in a sentence. */
export const longDayLabel = (day: CalendarDay): string => written({ month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }, atNoon(day), day);

/** An instant on the given zone's clocks: "Mar 2, 2026, 9:30 AM". */
export const instantLabel = (instant: Date | string, timeZone: string): string =>
  written({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone }, new Date(instant), String(instant));

/** The time of day of an instant on the given zone's clocks, the viewer's own when none is given: "9:30 AM". */
export const clockLabel = (instant: Date | number, timeZone?: string): string => written({ hour: "numeric", minute: "2-digit", timeZone }, new Date(instant), String(instant));
