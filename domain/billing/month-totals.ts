import { BILLING_STATUSES } from "./billing-status.ts";
import type { MonthTotals } from "./month-close-wire.ts";

/** A claim line as the totals count it: the code, its modifier and its units. */
export type CountedClaim = { readonly code: string; readonly modifier: string; readonly units: number };

/**
 * Many patients' months already summed (the server sums stored lines in SQL, issue 36): patients
 * per status, the billable ones, and per code and modifier the units and the lines (a patient's
 * month counts once per line with that code, as addLine counts it).
 */
export type CountedMonths = {
  readonly byStatus: ReadonlyArray<{ readonly status: string; readonly patients: number }>;
  readonly billable: number;
  readonly byCode: ReadonlyArray<{ readonly code: string; readonly modifier: string; readonly units: number; readonly patients: number }>;
};

/**
 * Running totals of a month over a slice (docs/billing.md, "Month-end"): patients per status, and
 * units and patients per claim code. Fed one patient's month at a time, so the month-end's walk
 * over 100,000 patients never holds them all; the live month and a locked month's kept copy count
 * the same way. The order lines arrive in changes nothing.
 */
export const monthTotalsCounter = () => {
  const byStatus = new Map<string, number>(BILLING_STATUSES.map((status) => [status, 0]));
  const byCode = new Map<string, { code: string; modifier: string; units: number; patients: number }>();
  let patientsSeen = 0;
  let billable = 0;
  return {
    /** One patient's month: their status and claim codes. */
    addLine: (status: string, codes: readonly CountedClaim[]): void => {
      patientsSeen += 1;
      if (codes.length > 0) billable += 1;
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      for (const line of codes) {
        const key = `${line.code}-${line.modifier}`;
        const seen = byCode.get(key) ?? { code: line.code, modifier: line.modifier, units: 0, patients: 0 };
        byCode.set(key, { ...seen, units: seen.units + line.units, patients: seen.patients + 1 });
      }
    },
    /** Months summed elsewhere: the same totals as each of their lines added one by one. */
    addCounted: (counted: CountedMonths): void => {
      for (const { status, patients } of counted.byStatus) {
        patientsSeen += patients;
        byStatus.set(status, (byStatus.get(status) ?? 0) + patients);
      }
      billable += counted.billable;
      for (const line of counted.byCode) {
        const key = `${line.code}-${line.modifier}`;
        const seen = byCode.get(key) ?? { code: line.code, modifier: line.modifier, units: 0, patients: 0 };
        byCode.set(key, { ...seen, units: seen.units + line.units, patients: seen.patients + line.patients });
      }
    },
    result: (): MonthTotals => ({
      patients: patientsSeen,
      billable,
      by_status: BILLING_STATUSES.map((status) => ({ status, patients: byStatus.get(status) ?? 0 })),
      // By code, then modifier: the same code under two modifiers reads in one order whatever the patients' order.
      by_code: [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code) || a.modifier.localeCompare(b.modifier)),
    }),
  };
};
