// What a row of the /rtm list says (issue 24, "Screens"): every fact in words, the status as text
// with what is missing, and the current period's day strip named day by day (never colour alone).
import { shortDayLabel } from "../shared/calendar/labels.ts";
import { countOf, forms } from "../shared/format/plural.ts";
import { type StripDay, stripDay } from "./data-days-panel.ts";
import { addDays, type IsoDay } from "./iso-day.ts";
import { SUPPLY_DAYS, SUPPLY_PERIOD_DAYS } from "./rtm-codes.ts";
import type { RtmRow } from "./rtm-list-wire.ts";

const MINUTE = forms("minute", "minutes");

/** Whether `text` is a month the page may ask for ("YYYY-MM"). */
export const isMonthText = (text: string | null): text is string => text !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

/** "12 of 16", or "not started" before the first session. */
export const dataDaysOf = (row: RtmRow): string =>
  row.current_period === null ? "not started" : `${row.current_period.data_days} of ${SUPPLY_DAYS.full}`;

/** "25 minutes". */
export const minutesOf = (row: RtmRow): string => countOf(row.minutes_this_month, MINUTE);

/** "Feb 13, 12 minutes", or "none". */
export const lastCallOf = (row: RtmRow): string =>
  row.last_call === null ? "none" : `${shortDayLabel(row.last_call.date)}, ${countOf(row.last_call.minutes, MINUTE)}`;

/** "98980-GN, 98986-GN", or "none yet"; more than one unit says so ("98981-GN ×2"). */
export const codesOf = (row: RtmRow): string =>
  row.codes.length === 0 ? "none yet" : row.codes.map((code) => `${code.code}-${code.modifier}${code.units > 1 ? ` ×${code.units}` : ""}`).join(", ");

/** "At risk: needs 3 more data days by Dec 12; needs a live call". */
export const statusOf = (row: RtmRow): string => {
  const status = `${row.status.charAt(0).toUpperCase()}${row.status.slice(1)}`;
  return row.missing.length === 0 || row.status === "ready to bill" ? status : `${status}: ${row.missing.join("; ")}`;
};

/** The current period's 30 days, each named ("Feb 12: 1 session", "Mar 2: not yet"). */
export const periodStrip = (row: RtmRow, today: IsoDay): readonly StripDay[] => {
  const period = row.current_period;
  if (period === null) return [];
  const sessionsOn = new Map(period.days.map((entry) => [entry.day, entry.sessions]));
  return Array.from({ length: SUPPLY_PERIOD_DAYS }, (_, index) => {
    const day = addDays(period.start, index);
    return stripDay(day, sessionsOn.get(day) ?? 0, today);
  });
};

/** "Feb 10 – Mar 11". */
export const periodDates = (row: RtmRow): string =>
  row.current_period === null ? "" : `${shortDayLabel(row.current_period.start)} – ${shortDayLabel(row.current_period.end)}`;
