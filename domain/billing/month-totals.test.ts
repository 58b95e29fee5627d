import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { BILLING_STATUSES } from "./billing-status.ts";
import { type CountedClaim, type CountedMonths, monthTotalsCounter } from "./month-totals.ts";

const claim: fc.Arbitrary<CountedClaim> = fc.record({ code: fc.constantFrom("98975", "98980", "98981", "98984", "98986"), modifier: fc.constantFrom("", "GN"), units: fc.integer({ min: 1, max: 3 }) });
const patientMonth = fc.record({ status: fc.constantFrom(...BILLING_STATUSES), codes: fc.uniqueArray(claim, { maxLength: 4, selector: (c) => `${c.code}-${c.modifier}` }) });
const totalsOf = (months: ReadonlyArray<{ status: string; codes: readonly CountedClaim[] }>) => {
  const counter = monthTotalsCounter();
  for (const month of months) counter.addLine(month.status, month.codes);
  return counter.result();
};

describe("a month's totals", () => {
  it("counts patients per status, billable patients, and units and patients per claim code", () => {
    const totals = totalsOf([
      { status: BILLING_STATUSES[0], codes: [{ code: "98980", modifier: "GN", units: 1 }, { code: "98981", modifier: "GN", units: 2 }] },
      { status: BILLING_STATUSES[0], codes: [{ code: "98980", modifier: "GN", units: 1 }] },
      { status: BILLING_STATUSES[1], codes: [] },
    ]);
    expect(totals.patients).toBe(3);
    expect(totals.billable).toBe(2);
    expect(totals.by_status.find((row) => row.status === BILLING_STATUSES[0])?.patients).toBe(2);
    expect(totals.by_code).toEqual([
      { code: "98980", modifier: "GN", units: 2, patients: 2 },
      { code: "98981", modifier: "GN", units: 2, patients: 1 },
    ]);
  });

  test.prop([fc.array(patientMonth, { maxLength: 60 })])("every status is listed, and their patients add up to all patients", (months) => {
    const totals = totalsOf(months);
    expect(totals.by_status.map((row) => row.status)).toEqual([...BILLING_STATUSES]);
    expect(totals.by_status.reduce((sum, row) => sum + row.patients, 0)).toBe(months.length);
    expect(totals.patients).toBe(months.length);
    expect(totals.billable).toBe(months.filter((month) => month.codes.length > 0).length);
  });

  test.prop([fc.array(patientMonth, { maxLength: 60 }), fc.integer()])("units add up per code, and the order patients arrive in changes nothing", (months, seed) => {
    const totals = totalsOf(months);
    const units = months.flatMap((month) => month.codes).reduce((sum, c) => sum + c.units, 0);
    expect(totals.by_code.reduce((sum, row) => sum + row.units, 0)).toBe(units);
    const shuffled = [...months].sort((a, b) => ((JSON.stringify(a).length * 31 + seed) % 7) - ((JSON.stringify(b).length * 31 + seed) % 7));
    expect(totalsOf(shuffled)).toEqual(totals);
  });

  /** What the server's SQL over stored lines answers: the months summed per status and per code (billable: the months with a line). */
  const summed = (months: ReadonlyArray<{ status: string; codes: readonly CountedClaim[] }>): CountedMonths => {
    const byStatus = new Map<string, number>();
    const byCode = new Map<string, { code: string; modifier: string; units: number; patients: number }>();
    for (const month of months) {
      byStatus.set(month.status, (byStatus.get(month.status) ?? 0) + 1);
      for (const c of month.codes) {
        const seen = byCode.get(`${c.code}-${c.modifier}`) ?? { code: c.code, modifier: c.modifier, units: 0, patients: 0 };
        byCode.set(`${c.code}-${c.modifier}`, { ...seen, units: seen.units + c.units, patients: seen.patients + 1 });
      }
    }
    return {
      byStatus: [...byStatus].map(([status, patients]) => ({ status, patients })),
      billable: months.filter((month) => month.codes.length > 0).length,
      byCode: [...byCode.values()],
    };
  };

  test.prop([fc.array(patientMonth, { maxLength: 60 }), fc.array(patientMonth, { maxLength: 20 })])(
    "months summed elsewhere (stored lines) and months added one by one give the totals of all of them added one by one",
    (stored, judged) => {
      const counter = monthTotalsCounter();
      counter.addCounted(summed(stored));
      for (const month of judged) counter.addLine(month.status, month.codes);
      expect(counter.result()).toEqual(totalsOf([...stored, ...judged]));
    },
  );
});
