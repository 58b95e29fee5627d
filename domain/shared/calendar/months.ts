// Calendar months as "YYYY-MM" text: the month a day falls in and the months either side. Billing
// months, the time log's month and month-end all step through months with these.
import type { CalendarDay, CalendarMonth } from "./zone.ts";

/** The month a calendar day falls in: "2026-03-14" → "2026-03". */
export const monthOf = (day: CalendarDay): CalendarMonth => day.slice(0, 7);

/** The month `count` months after `month` (before, when negative): "2026-01" + 1 → "2026-02", "2026-01" - 1 → "2025-12". */
export const shiftMonth = (month: CalendarMonth, count: number): CalendarMonth => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
};
