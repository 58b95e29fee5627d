// One judge for a patient's billing month (issue 31, item 1): the status, the codes the /rtm row shows
// and the month-end CSV line all come from one computation, so "ready to bill" can never sit beside no
// claim line, and the CSV can never say "no" to what the page calls ready (docs/billing.md, "One judge").
import { billedPeriods, type BillingLine, type PatientMonth, periodsOf, supplyKindMissing } from "./billing-lines.ts";
import { monthStatus, type MonthStatus } from "./billing-status.ts";
import type { IsoDay } from "./iso-day.ts";
import { monthOf } from "./iso-day.ts";
import { SLP_MODIFIER, supplyCode } from "./rtm-codes.ts";

/** A code with its units and modifier, as the /rtm row and the CSV name it. */
export type ClaimCode = { readonly code: string; readonly units: number; readonly modifier: string };

/** The facts of the month's CSV line the domain decides (the server adds who the patient and the SLP are). */
export type MonthLineFacts = {
  /** The supply period claimed in the month (or held back for want of a supply kind) when there is one, else the current period (null before monitoring). */
  readonly periodStart: IsoDay | null;
  readonly periodEnd: IsoDay | null;
  /** That period's data days (null without a period). */
  readonly dataDays: number | null;
  readonly minutes: number;
  /** The month's call days, oldest first, each once. */
  readonly callDates: readonly IsoDay[];
  /** The claim lines' codes. */
  readonly codes: readonly ClaimCode[];
  /** Whether the month has a claim line: "yes" in the CSV exactly when the status is "ready to bill". */
  readonly billable: boolean;
};

/** The judged month: its status and claim lines, the codes supported so far, and its CSV line. */
export type MonthJudgement = MonthStatus & {
  /** The claim lines, then what the month supports so far but cannot claim yet (an unsettled period's supply code, management awaiting its live call); none while blocked. */
  readonly codes: readonly ClaimCode[];
  readonly line: MonthLineFacts;
};

/** The month's call days, oldest first, each once (none built for a month without calls, as most are). */
const callDatesOf = (input: PatientMonth): readonly IsoDay[] =>
  input.calls.length === 0 ? [] : [...new Set(input.calls.filter((call) => monthOf(call.day) === input.month).map((call) => call.day))].sort();

const codeOf = (line: BillingLine): ClaimCode => ({ code: line.code, units: line.units, modifier: line.modifier });

/**
 * A patient's month judged once: ready to bill exactly when it has a claim line, which is exactly when
 * its CSV line is billable with the same codes; blocked months (remote physiological monitoring, two
 * clinicians, no supply kind chosen for a supply code due) claim and show no code.
 */
export const judgeMonth = (input: PatientMonth): MonthJudgement => {
  const status = monthStatus(input);
  const { lines, currentPeriod: period, management } = status;
  const blocked = status.status === "blocked";
  const provisionalSupply =
    !blocked && period !== null && period.tier !== null && input.supplyKind !== null && !lines.some((line) => line.kind === "supply" && line.from === period.start)
      ? [{ code: supplyCode(input.supplyKind, period.tier), units: 1, modifier: SLP_MODIFIER }]
      : [];
  const awaitingCall = blocked || management.hasLiveCall ? [] : management.supported.map((code) => ({ code: code.code, units: code.units, modifier: SLP_MODIFIER }));
  const supply = lines.find((line) => line.kind === "supply");
  // The period the line is about: the one claimed, or the one held back for want of a supply kind, else the current one.
  const billedPeriod =
    supply !== undefined ? periodsOf(input).find((candidate) => candidate.start === supply.from) : supplyKindMissing(input) ? billedPeriods(input)[0] : undefined;
  const linePeriod = billedPeriod ?? period;
  // The claim lines' codes, once: the row's codes are these with what is supported so far after them.
  const claimed = lines.map(codeOf);
  return {
    ...status,
    codes: provisionalSupply.length === 0 && awaitingCall.length === 0 ? claimed : [...claimed, ...provisionalSupply, ...awaitingCall],
    line: {
      periodStart: linePeriod?.start ?? null,
      periodEnd: linePeriod?.end ?? null,
      dataDays: linePeriod === null ? null : linePeriod.dataDays.length,
      minutes: management.minutes,
      callDates: callDatesOf(input),
      codes: claimed,
      billable: lines.length > 0,
    },
  };
};
