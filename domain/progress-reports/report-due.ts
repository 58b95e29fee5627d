import { addDays, daysBetween } from "../billing/index.ts";
import type { CalendarDay } from "../shared/calendar/zone.ts";
import type { ReportDueWire } from "./report-wire.ts";

/** How an institution times progress reports: every N calendar days (default 30), or every N treatment days. */
export const DUE_RULE_KINDS = ["calendar_days", "treatment_days"] as const;
export type DueRuleKind = (typeof DUE_RULE_KINDS)[number];
export type DueRule = { readonly kind: DueRuleKind; readonly every: number };
export const DEFAULT_DUE_RULE: DueRule = { kind: "calendar_days", every: 30 };
/** A report due within this many days (or treatment days) is listed as due soon. */
export const DUE_SOON_DAYS = 3;
export const MAX_DUE_EVERY = 365;

/**
 * When the patient's next report falls due (docs/progress-reports.md, "Due rule"). The count starts
 * the day after the last report's end, or on the care's first day for a first report.
 * Calendar days: due on start + N - 1; due soon within 3 days of it; overdue after it.
 * Treatment days (a day with clinician time logged for the patient): due on the Nth such day since
 * the start; due soon when 3 or fewer remain (or the Nth is today); overdue once a day has passed it.
 */
export const reportDue = (rule: DueRule, countFrom: CalendarDay, treatmentDays: readonly CalendarDay[], today: CalendarDay): ReportDueWire => {
  if (rule.kind === "calendar_days") {
    const dueOn = addDays(countFrom, rule.every - 1);
    const left = daysBetween(today, dueOn);
    return { state: left < 0 ? "overdue" : left <= DUE_SOON_DAYS ? "due_soon" : "not_due", due_on: dueOn, treatment_days_left: null };
  }
  const counted = [...new Set(treatmentDays.filter((day) => day >= countFrom && day <= today))].sort();
  const nth = counted[rule.every - 1];
  if (nth !== undefined) return { state: nth < today ? "overdue" : "due_soon", due_on: nth, treatment_days_left: 0 };
  const left = rule.every - counted.length;
  return { state: left <= DUE_SOON_DAYS ? "due_soon" : "not_due", due_on: null, treatment_days_left: left };
};
