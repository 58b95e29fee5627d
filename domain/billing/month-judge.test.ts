import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { billedPeriods, cliniciansOf, type PatientMonth } from "./billing-lines.ts";
import { monthStatus, monthStatusAlone, SUPPLY_KIND_PENDING_TEXT, SUPPLY_KIND_TEXT } from "./billing-status.ts";
import { addDays } from "./iso-day.ts";
import { judgeMonth } from "./month-judge.ts";
import { anyKindPatientMonth } from "./patient-month.arbitraries.test-helper.ts";
import { SETUP_CODE, SUPPLY_CODES, supplyCode } from "./rtm-codes.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";

// Issue 31, item 1: the status, the codes and the CSV line come from one judge and never disagree,
// whether or not the institution has chosen its device-supply kind.
const supplyCodes: ReadonlySet<string> = new Set(Object.values(SUPPLY_CODES).flatMap((pair) => [pair.full, pair.short]));
const days = (from: string, count: number): string[] => Array.from({ length: count }, (_, i) => addDays(from, i));

describe("one judge for status, codes and the CSV line", () => {
  test.prop([anyKindPatientMonth], { numRuns: fuzzRuns(300) })("ready to bill ⇔ a claim line ⇔ a billable CSV line with the same codes", (input) => {
    const judged = judgeMonth(input);
    expect(judged.status === "ready to bill").toBe(judged.lines.length > 0);
    expect(judged.line.billable).toBe(judged.status === "ready to bill");
    expect(judged.line.codes).toEqual(judged.lines.map(({ code, units, modifier }) => ({ code, units, modifier })));
    // Every claim code is among the codes the /rtm row shows, in the same order, first.
    expect(judged.codes.slice(0, judged.lines.length)).toEqual(judged.line.codes);
  });

  test.prop([anyKindPatientMonth], { numRuns: fuzzRuns(300) })("the totals' judgement (monthStatusAlone) is the full one without the words: the same status, period, management and claim lines", (input) => {
    // Separate copies: neither reuses what the other worked out for its input.
    const { missing, ...full } = monthStatus({ ...input });
    expect(monthStatusAlone({ ...input })).toEqual(full);
    expect(missing.every((item) => item.text !== "")).toBe(true);
  });

  test.prop([anyKindPatientMonth], { numRuns: fuzzRuns(300) })("a supply period due in the month is claimed with its supply code, and set-up never without one", (input) => {
    const judged = judgeMonth(input);
    const due = billedPeriods(input);
    if (judged.status === "ready to bill" && due.length > 0) {
      expect(input.supplyKind).not.toBeNull();
      for (const period of due) if (input.supplyKind !== null && period.tier !== null) expect(judged.line.codes.map((code) => code.code)).toContain(supplyCode(input.supplyKind, period.tier));
    }
    const codes = judged.lines.map((line) => line.code);
    if (codes.includes(SETUP_CODE)) expect(codes.some((code) => supplyCodes.has(code))).toBe(true);
    if (input.supplyKind === null) expect(codes.some((code) => supplyCodes.has(code) || code === SETUP_CODE)).toBe(false);
  });

  test.prop([anyKindPatientMonth], { numRuns: fuzzRuns(300) })("blocked exactly for RPM, two clinicians or a supply code due with no kind chosen; then nothing is claimed or shown, and the reason is listed", (input) => {
    const judged = judgeMonth(input);
    const kindMissing = input.supplyKind === null && billedPeriods(input).length > 0;
    expect(judged.status === "blocked").toBe(input.physiologicalMonitoring || cliniciansOf(input).length > 1 || kindMissing);
    if (judged.status === "blocked") {
      expect(judged.lines).toEqual([]);
      expect(judged.codes).toEqual([]);
      expect(judged.line.billable).toBe(false);
      expect(judged.missing.length).toBeGreaterThan(0);
    }
    expect(judged.missing.some((item) => item.text === SUPPLY_KIND_TEXT)).toBe(kindMissing);
  });

  test.prop([anyKindPatientMonth, fc.constantFrom("respiratory" as const, "musculoskeletal" as const, "cognitiveBehavioural" as const)])(
    "choosing a kind only names codes: a month blocked for the kind alone becomes ready to bill",
    (input, kind) => {
      const without = judgeMonth({ ...input, supplyKind: null });
      const withKind = judgeMonth({ ...input, supplyKind: kind });
      if (without.missing.length === 1 && without.missing[0]?.text === SUPPLY_KIND_TEXT) expect(withKind.status).toBe("ready to bill");
      expect(withKind.missing.some((item) => item.kind === "supplyKind")).toBe(false);
    },
  );

  test.prop([anyKindPatientMonth])("the CSV line's period holds the data days counted for it", (input) => {
    const { line } = judgeMonth(input);
    if (line.periodStart === null) expect(line.dataDays).toBeNull();
    else expect(line.dataDays).toBe(new Set(input.dataDays.filter((day) => day >= (line.periodStart ?? "") && day <= (line.periodEnd ?? ""))).size);
  });
});

describe("the demo's contradiction (issue 31)", () => {
  // Monitoring from Oct 12: period 2 (Nov 11 - Dec 10) reached 16 data days and ends in December; set-up was billed before.
  const demo = (over: Partial<PatientMonth> = {}): PatientMonth => ({
    month: "2026-12",
    today: "2026-12-14",
    monitoringStart: "2026-10-12",
    dataDays: [...days("2026-10-12", 3), ...days("2026-11-11", 16)],
    timeEntries: [],
    calls: [],
    supplyKind: null,
    setupBilledBefore: true,
    physiologicalMonitoring: false,
    ...over,
  });

  it("without a supply kind, a month whose period reached its code is blocked, says why, and claims nothing", () => {
    const judged = judgeMonth(demo());
    expect(judged.status).toBe("blocked");
    expect(judged.missing.map((item) => item.text)).toContain(SUPPLY_KIND_TEXT);
    expect(judged.codes).toEqual([]);
    expect(judged.line).toMatchObject({ billable: false, codes: [], periodStart: "2026-11-11", periodEnd: "2026-12-10", dataDays: 16 });
  });

  it("with the kind chosen, the same month is ready to bill with its supply code in the row and the CSV", () => {
    const judged = judgeMonth(demo({ supplyKind: "cognitiveBehavioural" }));
    expect(judged.status).toBe("ready to bill");
    expect(judged.codes.map((code) => code.code)).toContain("98978");
    expect(judged.line).toMatchObject({ billable: true, codes: [{ code: "98978", units: 1, modifier: "GN" }] });
  });

  it("a current period that reached a code, with no kind chosen, says no supply code will show until one is", () => {
    const judged = judgeMonth(demo({ month: "2026-11", today: "2026-11-30", dataDays: days("2026-11-11", 16) }));
    expect(judged.missing.map((item) => item.text)).toContain(SUPPLY_KIND_PENDING_TEXT);
    expect(judged.codes).toEqual([]);
  });
});
