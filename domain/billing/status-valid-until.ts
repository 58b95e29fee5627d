// How long a patient's month status holds with no new data (issue 24, docs/billing.md "/rtm"): the
// status moves with the date alone only at a few known days, so a status kept ahead of the read
// (the /rtm status filter and sort) stays true until the first of them and is worked out again then.
import type { PatientMonth } from "./billing-lines.ts";
import { NEARLY_OVER_DAYS } from "./billing-status.ts";
import { supplyNeed, type SupplyPeriod } from "./data-days.ts";
import { addDays, daysBetween, type IsoDay, lastDayOf } from "./iso-day.ts";
import { SUPPLY_DAYS, SUPPLY_PERIOD_DAYS } from "./rtm-codes.ts";

/**
 * The first day on which the month's status could change with no new data day, time entry or call,
 * or null when it never can (every period the month touches has ended). The status is the same on
 * every day from `today` to the day before. The days it can move on: a 30-day period starts or ends
 * (a period settles, the current one changes), monitoring starts, the day after the last date a data-day
 * threshold of the current period could still be reached, and the start of the month's last 7 days.
 * Conservative: the status may still be the same on that day.
 */
export const statusValidUntil = (
  input: Pick<PatientMonth, "month" | "today" | "monitoringStart">,
  currentPeriod: SupplyPeriod | null,
): IsoDay | null => {
  const { today, monitoringStart } = input;
  const last = lastDayOf(input.month);
  // After the month's last period has ended (at most 30 days after the month), nothing moves any more.
  const horizon = addDays(last, SUPPLY_PERIOD_DAYS + 1);
  const candidates: IsoDay[] = [addDays(last, 1 - NEARLY_OVER_DAYS)];
  if (monitoringStart !== null) {
    candidates.push(monitoringStart);
    const since = daysBetween(monitoringStart, today);
    const nextStart = since < 0 ? 0 : Math.floor(since / SUPPLY_PERIOD_DAYS) + 1;
    candidates.push(addDays(monitoringStart, nextStart * SUPPLY_PERIOD_DAYS));
  }
  if (currentPeriod !== null) {
    candidates.push(addDays(currentPeriod.end, 1));
    for (const threshold of [SUPPLY_DAYS.short, SUPPLY_DAYS.full]) {
      const need = supplyNeed(currentPeriod, threshold, today);
      if (need.kind === "needs") candidates.push(addDays(need.by, 1));
    }
  }
  const ahead = candidates.filter((day) => daysBetween(today, day) > 0 && daysBetween(day, horizon) >= 0).toSorted();
  if (ahead[0] !== undefined) return ahead[0];
  return daysBetween(today, horizon) > 0 ? horizon : null;
};
