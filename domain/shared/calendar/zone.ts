// The institution's calendar: which day and which wall-clock time an instant is in an IANA time
// zone, and back. Billing days, "today" and the defaults of date and time fields are the
// institution's (its `time_zone`), never the viewer's or the server's machine zone, so a
// clinician travelling, or a server in UTC, sees and checks the same days. No clock here: the
// instant is passed in.

/** A calendar day "YYYY-MM-DD". */
export type CalendarDay = string;
/** A calendar month "YYYY-MM". */
export type CalendarMonth = string;
/** A wall-clock time "HH:mm" (24-hour). */
export type WallTime = string;

const HOUR_MS = 3_600_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  const known = formatters.get(timeZone);
  if (known !== undefined) return known;
  const made = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  formatters.set(timeZone, made);
  return made;
};

type Wall = { readonly year: number; readonly month: number; readonly day: number; readonly hour: number; readonly minute: number; readonly second: number };

const wallOf = (instant: Date, timeZone: string): Wall => {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  // Some runtimes still write midnight as hour 24 of the day it starts.
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour") % 24, minute: part("minute"), second: part("second") };
};

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** The zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
const offsetAt = (ms: number, timeZone: string): number => {
  const whole = Math.floor(ms / 1000) * 1000;
  const wall = wallOf(new Date(whole), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - whole;
};

/** The calendar day an instant falls on in the institution's time zone: what billing calls that moment's day. */
export const calendarDayIn = (instant: Date, timeZone: string): CalendarDay => {
  const wall = wallOf(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
};

/** The day and the wall-clock time (to the minute) an instant shows on the institution's clocks. */
export const wallClockIn = (instant: Date, timeZone: string): { readonly day: CalendarDay; readonly time: WallTime } => {
  const wall = wallOf(instant, timeZone);
  return { day: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
};

/**
 * The instant at which the institution's clocks show `day` and `time`; null when the text is not a
 * real day or time. A time the clocks skip (spring forward) is taken as the same distance past the
 * jump (02:30 → 03:30), a time they show twice (fall back) as its first showing.
 */
export const instantAt = (day: CalendarDay, time: WallTime, timeZone: string): Date | null => {
  const d = DAY.exec(day);
  const t = TIME.exec(time);
  if (d === null || t === null) return null;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const probe = new Date(asUtc);
  if (probe.getUTCDate() !== Number(d[3]) || probe.getUTCMonth() !== Number(d[2]) - 1) return null;
  // The offsets in force half a day either side cover any one change of the clocks near the time.
  const before = offsetAt(asUtc - 12 * HOUR_MS, timeZone);
  const after = offsetAt(asUtc + 12 * HOUR_MS, timeZone);
  const candidates = [asUtc - before, asUtc - after].filter((ms) => {
    const wall = wallClockIn(new Date(ms), timeZone);
    return wall.day === day && wall.time === time;
  });
  const chosen = candidates.length > 0 ? Math.min(...candidates) : asUtc - before;
  return new Date(chosen);
};
