// A patient's billing status for one month (issue 24) and what is still missing, in words the /rtm
// list and the patient's billing panel show as text (never colour alone). Definitions: docs/billing.md.
import { countOf, forms } from "../shared/format/plural.ts";
import { billingLines, type BillingLine, cliniciansOf, managementOf, type PatientMonth, periodsOf, supplyKindMissing } from "./billing-lines.ts";
import { isPeriodSettled, periodIndexOf, supplyNeed, type SupplyNeed, type SupplyPeriod } from "./data-days.ts";
import { shortDayLabel } from "../shared/calendar/labels.ts";
import { daysBetween, firstDayOf, type IsoDay, lastDayOf } from "./iso-day.ts";
import type { ManagementMonth } from "./management-time.ts";
import { MANAGEMENT_MINUTES, SUPPLY_DAYS, type SupplyTier } from "./rtm-codes.ts";

/** The month is "nearly over" in its last 7 days (and after it): missing minutes or call then put the month at risk. */
export const NEARLY_OVER_DAYS = 7;

/** The statuses in the order the list sorts them: act first on what can still be saved. */
export const BILLING_STATUSES = ["blocked", "at risk", "on track", "ready to bill", "no activity"] as const;

/** A patient's month: see docs/billing.md for each definition. */
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** One thing the month still lacks, with the words the screen shows. */
export type MissingItem =
  | { readonly kind: "dataDays"; readonly tier: SupplyTier; readonly more: number; readonly by: IsoDay; readonly text: string }
  | { readonly kind: "minutes"; readonly more: number; readonly text: string }
  | { readonly kind: "liveCall"; readonly text: string }
  | { readonly kind: "physiologicalMonitoring"; readonly text: string }
  | { readonly kind: "supplyKind"; readonly blocking: boolean; readonly text: string }
  | { readonly kind: "oneClinician"; readonly clinicians: number; readonly text: string };

/** The month's status and what it was decided from (monthStatusAlone). */
export type MonthStatusAlone = Omit<MonthStatus, "missing">;

/** The month's status, what is missing, and what the month supports. */
export type MonthStatus = {
  readonly status: BillingStatus;
  readonly missing: readonly MissingItem[];
  /** The period holding today (or the month's last day for a past month), when monitoring has started by then. */
  readonly currentPeriod: SupplyPeriod | null;
  readonly management: ManagementMonth;
  readonly lines: readonly BillingLine[];
};

const DATA_DAY = forms("more data day", "more data days");
const MINUTE = forms("more minute", "more minutes");

/** "needs 3 more data days by Dec 12". */
export const dataDaysText = (more: number, by: IsoDay): string => `needs ${countOf(more, DATA_DAY)} by ${shortDayLabel(by)}`;
/** "needs 4 more minutes". */
export const minutesText = (more: number): string => `needs ${countOf(more, MINUTE)}`;
/** What the screen says when no live call was logged in the month. */
export const LIVE_CALL_TEXT = "needs a live call";
/** What the screen says for a patient on remote physiological monitoring this month. */
export const PHYSIOLOGICAL_TEXT = "on remote physiological monitoring this month: RTM is not billed in the same month";
/** What the screen says when a period due in the month reached a supply code but the institution chose no supply kind. */
export const SUPPLY_KIND_TEXT = "not billable: choose the device-supply kind";
/** What the screen says when the current period has a supply code in reach but no supply kind is chosen. */
export const SUPPLY_KIND_PENDING_TEXT = "no device-supply code until the device-supply kind is chosen";
/** What the screen says when time came from several clinicians. */
export const oneClinicianText = (clinicians: number): string =>
  `time logged by ${clinicians} clinicians: one clinician bills a patient per period`;

/** The day the month is judged on: today, or the month's last day once the month is over. */
const judgedDay = (input: PatientMonth): IsoDay => {
  const last = lastDayOf(input.month);
  // ISO days of four-digit years order as text does.
  return input.today > last ? last : input.today;
};

/** The period holding the judged day, when monitoring has started by then. */
const currentPeriodOf = (input: PatientMonth, periods: readonly SupplyPeriod[]): SupplyPeriod | null => {
  if (input.monitoringStart === null) return null;
  const index = periodIndexOf(input.monitoringStart, judgedDay(input));
  return index === null ? null : (periods[index] ?? null);
};

/** Whether any data day of the periods the month touches falls in them (monitoring activity this month). */
const hasDataInMonth = (input: PatientMonth, periods: readonly SupplyPeriod[]): boolean => {
  const first = firstDayOf(input.month);
  const last = lastDayOf(input.month);
  // ISO days of four-digit years order as text does: the period overlaps the month.
  return periods.some((period) => period.end >= first && period.start <= last && period.dataDays.length > 0);
};

/** The next data-day threshold the current period can still reach, or null when settled or out of reach. */
const nextSupplyNeed = (period: SupplyPeriod, today: IsoDay): { tier: SupplyTier; need: SupplyNeed } | null => {
  if (isPeriodSettled(period, today)) return null;
  const short = supplyNeed(period, SUPPLY_DAYS.short, today);
  if (short.kind === "needs") return { tier: "short", need: short };
  if (short.kind === "unreachable") return null;
  const full = supplyNeed(period, SUPPLY_DAYS.full, today);
  return full.kind === "needs" ? { tier: "full", need: full } : null;
};

/**
 * The month's status as of `input.today`:
 * - blocked: remote physiological monitoring this month, time from more than one clinician, or a period due
 *   in the month reached a supply code while the institution has chosen no supply kind;
 * - ready to bill: the month has at least one claim line (a settled period ending in it reached a supply code, or management is billable);
 * - at risk: the current period can no longer reach 16 data days but has or can reach 2; or, in the month's
 *   last 7 days or after it, management time or a call was logged but minutes (10) or the live call are missing;
 * - no activity: no data day in the periods the month touches, no minutes and no call in the month;
 * - on track: anything else.
 */
export const monthStatus = (input: PatientMonth): MonthStatus => {
  const { status, currentPeriod, management, lines } = monthStatusAlone(input);
  const clinicians = cliniciansOf(input).length;
  const missing: MissingItem[] = [];

  if (input.physiologicalMonitoring) missing.push({ kind: "physiologicalMonitoring", text: PHYSIOLOGICAL_TEXT });
  if (clinicians > 1) missing.push({ kind: "oneClinician", clinicians, text: oneClinicianText(clinicians) });
  const kindMissing = supplyKindMissing(input);
  if (kindMissing) missing.push({ kind: "supplyKind", blocking: true, text: SUPPLY_KIND_TEXT });
  else if (input.supplyKind === null && currentPeriod !== null && currentPeriod.tier !== null)
    missing.push({ kind: "supplyKind", blocking: false, text: SUPPLY_KIND_PENDING_TEXT });
  const next = currentPeriod === null ? null : nextSupplyNeed(currentPeriod, input.today);
  if (next !== null && next.need.kind === "needs") {
    const { more, by } = next.need;
    missing.push({ kind: "dataDays", tier: next.tier, more, by, text: dataDaysText(more, by) });
  }
  if (management.minutes < MANAGEMENT_MINUTES.short) {
    const more = MANAGEMENT_MINUTES.short - management.minutes;
    missing.push({ kind: "minutes", more, text: minutesText(more) });
  }
  if (!management.hasLiveCall) missing.push({ kind: "liveCall", text: LIVE_CALL_TEXT });
  return { status, missing, currentPeriod, management, lines };
};

/**
 * The month's status and what it was decided from, without the words of what is missing: what the
 * month-end's totals count (a status and claim lines per patient, 100,000 of them when a month is
 * judged cold, issue 36). monthStatus is this with the words added, so the two cannot disagree.
 */
export const monthStatusAlone = (input: PatientMonth): MonthStatusAlone => {
  const periods = periodsOf(input);
  const currentPeriod = currentPeriodOf(input, periods);
  const management = managementOf(input);
  const lines = billingLines(input);
  const blocked = input.physiologicalMonitoring || cliniciansOf(input).length > 1 || supplyKindMissing(input);
  return { status: statusOf(input, periods, currentPeriod, management, lines, blocked), currentPeriod, management, lines };
};

const statusOf = (
  input: PatientMonth,
  periods: readonly SupplyPeriod[],
  currentPeriod: SupplyPeriod | null,
  management: ManagementMonth,
  lines: readonly BillingLine[],
  blocked: boolean,
): BillingStatus => {
  if (blocked) return "blocked";
  if (lines.length > 0) return "ready to bill";
  const managementStarted = management.minutes > 0 || management.hasLiveCall;
  if (!hasDataInMonth(input, periods) && !managementStarted) return "no activity";
  if (currentPeriod !== null && isSupplyAtRisk(currentPeriod, input.today)) return "at risk";
  const nearlyOver = daysBetween(input.today, lastDayOf(input.month)) < NEARLY_OVER_DAYS;
  if (nearlyOver && managementStarted && management.billable.length === 0) return "at risk";
  return "on track";
};

/** The current period can no longer reach 16 data days but has reached, or can still reach, 2. */
export const isSupplyAtRisk = (period: SupplyPeriod, today: IsoDay): boolean =>
  !isPeriodSettled(period, today) &&
  supplyNeed(period, SUPPLY_DAYS.full, today).kind === "unreachable" &&
  supplyNeed(period, SUPPLY_DAYS.short, today).kind !== "unreachable";
