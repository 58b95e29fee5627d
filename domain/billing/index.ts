// What other features (server, ui) may use of the billing rules (issue 24): the 2026 RTM rule table,
// supply periods and data days, management minutes, a patient's month status and its claim lines.
export { billedPeriods, billingLines, type BillingLine, type PatientMonth } from "./billing-lines.ts";
export {
  BILLING_STATUSES,
  type BillingStatus,
  isSupplyAtRisk,
  type MissingItem,
  monthStatus,
  monthStatusAlone,
  type MonthStatus,
  type MonthStatusAlone,
  NEARLY_OVER_DAYS,
  SUPPLY_KIND_PENDING_TEXT,
  SUPPLY_KIND_TEXT,
} from "./billing-status.ts";
export { type ClaimCode, judgeMonth, type MonthJudgement, type MonthLineFacts } from "./month-judge.ts";
export { isPeriodSettled, periodBounds, periodIndexOf, shownRange, supplyNeed, type SupplyNeed, type SupplyPeriod, supplyPeriods, supplyTierFor } from "./data-days.ts";
export { addDays, dayNumberToIso, daysBetween, isIsoDay, isIsoMonth, type IsoDay, type IsoMonth, lastDayOf } from "./iso-day.ts";
export { type CallEntry, type CodeUnits, hasLiveCallIn, managementCodesFor, managementMonth, type ManagementMonth, type TimeEntry, unionMinutes } from "./management-time.ts";
export {
  MANAGEMENT_CODES,
  MANAGEMENT_MINUTES,
  RTM_CODES,
  SETUP_CODE,
  SLP_MODIFIER,
  SUPPLY_CODES,
  SUPPLY_DAYS,
  SUPPLY_KIND_NOTE,
  SUPPLY_KINDS,
  SUPPLY_PERIOD_DAYS,
  supplyCode,
  type SupplyKind,
  type SupplyTier,
} from "./rtm-codes.ts";
