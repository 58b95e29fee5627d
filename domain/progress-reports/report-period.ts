import { addDays } from "../billing/index.ts";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import type { CalendarDay } from "../shared/calendar/zone.ts";
import { type Result, fail, succeed } from "../shared/result.ts";
import { isCalendarDay } from "./calendar-day.ts";
import type { ReportPeriod } from "./report-wire.ts";

/** Without a report before it, a period starts this many days before today (the calendar rule's default). */
export const DEFAULT_PERIOD_DAYS = 30;

/**
 * The period a new draft covers: the day after the last report's end up to today, or the last 30
 * days for a first report; either end may be chosen instead. Refused with the field named: a day
 * that is not one (ERROR_056), a start after the end (ERROR_034), an end after today (ERROR_056).
 */
export const reportPeriod = (chosen: { readonly start?: string | null; readonly end?: string | null }, lastEnd: CalendarDay | null, today: CalendarDay): Result<ReportPeriod> => {
  const start = chosen.start ?? (lastEnd === null ? addDays(today, -(DEFAULT_PERIOD_DAYS - 1)) : addDays(lastEnd, 1));
  const end = chosen.end ?? today;
  if (!isCalendarDay(start)) return fail("ERROR_056", "The start of the period is not a real date", { field: "start" });
  if (!isCalendarDay(end)) return fail("ERROR_056", "The end of the period is not a real date", { field: "end" });
  if (start > end) return fail("ERROR_034", catalogueMessage("ERROR_034"), { field: "start" });
  if (end > today) return fail("ERROR_056", "The period cannot end after today", { field: "end" });
  return succeed({ start, end });
};
