// The claim lines of one patient's month (issue 24), for the month-end CSV export: device supply for
// each settled period that ends in the month, set-up once per episode, and treatment management
// when a live call makes it billable. Every line carries modifier GN.
import { supplyPeriods, isPeriodSettled, type SupplyPeriod } from "./data-days.ts";
import { firstDayOf, type IsoDay, type IsoMonth, lastDayOf, monthOf } from "./iso-day.ts";
import { type CallEntry, managementMonth, type ManagementMonth, type TimeEntry } from "./management-time.ts";
import { SETUP_CODE, SLP_MODIFIER, supplyCode, type SupplyKind } from "./rtm-codes.ts";

/** Everything the rules need about one patient for one month; the server reads it, the domain decides. */
export type PatientMonth = {
  readonly month: IsoMonth;
  /** Today in the institution's time zone. */
  readonly today: IsoDay;
  /** The first day of the episode's monitoring, or null when monitoring has not started. */
  readonly monitoringStart: IsoDay | null;
  /** Days with at least one session, in the institution's zone. */
  readonly dataDays: readonly IsoDay[];
  readonly timeEntries: readonly TimeEntry[];
  readonly calls: readonly CallEntry[];
  /** The institution's supply kind (a payer question: SUPPLY_KIND_NOTE), or null while it has not chosen one. */
  readonly supplyKind: SupplyKind | null;
  /** Whether set-up and education (98975) was already billed in this episode in an earlier month. */
  readonly setupBilledBefore: boolean;
  /** Whether the patient is on remote physiological monitoring this month: RTM is then not billed. */
  readonly physiologicalMonitoring: boolean;
};

/** One claim line. Supply and set-up lines carry their period; management lines carry the month. */
export type BillingLine = {
  readonly code: string;
  readonly units: number;
  readonly modifier: typeof SLP_MODIFIER;
  readonly from: IsoDay;
  readonly to: IsoDay;
  readonly kind: "supply" | "setup" | "management";
};

// One judgement asks for a month's periods, management time and clinicians several times (status,
// lines, the CSV line); they are worked out once per input (a PatientMonth is never changed after it
// is built), not once per question, and kept in one entry per input: a weak map's entries cost the
// collector more than their size, and a cold month-end judges 100,000 months (issue 36).
type WorkedOut = {
  periods?: readonly SupplyPeriod[];
  billed?: readonly SupplyPeriod[];
  management?: ManagementMonth;
  clinicians?: readonly string[];
};
const workedOut = new WeakMap<PatientMonth, WorkedOut>();
const workOf = (input: PatientMonth): WorkedOut => {
  const known = workedOut.get(input);
  if (known !== undefined) return known;
  const fresh: WorkedOut = {};
  workedOut.set(input, fresh);
  return fresh;
};
const NO_CLINICIANS: readonly string[] = [];

/** The periods from the start of monitoring up to today, or none before it. */
export const periodsOf = (input: PatientMonth): readonly SupplyPeriod[] =>
  (workOf(input).periods ??= input.monitoringStart === null ? [] : supplyPeriods(input.monitoringStart, input.dataDays, input.today));

/** The periods billed in the month: they end in it, their code can no longer change, and they reached a tier. */
export const billedPeriods = (input: PatientMonth): readonly SupplyPeriod[] =>
  (workOf(input).billed ??= periodsOf(input).filter((period) => monthOf(period.end) === input.month && period.tier !== null && isPeriodSettled(period, input.today)));

/**
 * Whether a period due in the month reached a supply code that cannot be named: the institution has not
 * chosen its device-supply kind, so the month cannot be claimed until it does.
 */
export const supplyKindMissing = (input: PatientMonth): boolean => input.supplyKind === null && billedPeriods(input).length > 0;

/** The month's management minutes and codes. */
export const managementOf = (input: PatientMonth): ManagementMonth => (workOf(input).management ??= managementMonth(input.month, input.timeEntries, input.calls));

/** Distinct clinicians who logged time for the patient in the month. */
export const cliniciansOf = (input: PatientMonth): readonly string[] =>
  // Most months of a clinic have no time logged: no lists and no set built for them (issue 36).
  input.timeEntries.length === 0
    ? NO_CLINICIANS
    : (workOf(input).clinicians ??= [
        ...new Set(input.timeEntries.filter((entry) => monthOf(entry.day) === input.month).flatMap((entry) => (entry.clinicianId === undefined ? [] : [entry.clinicianId]))),
      ]);

/**
 * The claim lines of the month. None when the patient is on remote physiological monitoring this month,
 * time came from more than one clinician (one clinician bills a patient per period), or a period due in
 * the month reached a supply code while the institution has chosen no supply kind (the month is claimed
 * whole once it has: a set-up line without its supply code is never claimed). Set-up (98975)
 * rides with the episode's first billed period, unless an earlier month billed it: the issue fixes
 * "once per episode"; attaching it to the first billed period is this domain's choice.
 */
export const billingLines = (input: PatientMonth): readonly BillingLine[] => {
  const kind = input.supplyKind;
  if (input.physiologicalMonitoring || cliniciansOf(input).length > 1 || kind === null && billedPeriods(input).length > 0) return [];
  const lines: BillingLine[] = [];
  let setupDue = !input.setupBilledBefore;
  for (const period of billedPeriods(input)) {
    if (period.tier === null || kind === null) continue;
    if (setupDue) {
      setupDue = false;
      lines.push({ code: SETUP_CODE, units: 1, modifier: SLP_MODIFIER, from: period.start, to: period.end, kind: "setup" });
    }
    lines.push({ code: supplyCode(kind, period.tier), units: 1, modifier: SLP_MODIFIER, from: period.start, to: period.end, kind: "supply" });
  }
  for (const { code, units } of managementOf(input).billable) {
    lines.push({ code, units, modifier: SLP_MODIFIER, from: firstDayOf(input.month), to: lastDayOf(input.month), kind: "management" });
  }
  return lines;
};
