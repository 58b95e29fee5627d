// Which day "today" is. Three answers, each for its own question, and nowhere else (DESIGN.md,
// "Shared parts before features"): the institution's today (billing, the time and call logs: its
// `time_zone`, calendarDayIn in zone.ts), the viewer's own today where the spec says "the caller's
// local date" (a date of birth), and the latest day anywhere on Earth, which the server checks the
// viewer's today against because it cannot know the viewer's zone. No clock here: the instant is passed in.
import type { CalendarDay } from "./zone.ts";

const HOUR_MS = 3_600_000;
/** The furthest ahead of UTC any zone's clocks run (Kiritimati, the Line Islands). */
const LATEST_OFFSET_HOURS = 14;

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/**
 * The latest calendar day anywhere on Earth at an instant (UTC+14): no viewer's today is after it,
 * so a date of birth of "today" in the caller's own zone is never refused because the server's
 * clock is still on yesterday.
 */
export const latestDayOnEarth = (now: Date): CalendarDay => new Date(now.getTime() + LATEST_OFFSET_HOURS * HOUR_MS).toISOString().slice(0, 10);

/** The viewer's own calendar day at an instant, on their device's clock and zone: the spec's "the caller's local date". */
export const viewerDay = (now: Date): CalendarDay => `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
