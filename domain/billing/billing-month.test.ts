import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { billingLines, type PatientMonth } from "./billing-lines.ts";
import { BILLING_STATUSES, LIVE_CALL_TEXT, monthStatus, PHYSIOLOGICAL_TEXT } from "./billing-status.ts";
import { addDays, daysBetween, lastDayOf, monthOf } from "./iso-day.ts";
import { patientMonth } from "./patient-month.arbitraries.test-helper.ts";
import { MANAGEMENT_CODES, RTM_CODES, SETUP_CODE, SLP_MODIFIER } from "./rtm-codes.ts";

const quiet = (over: Partial<PatientMonth> = {}): PatientMonth => ({
  month: "2026-12",
  today: "2026-12-10",
  monitoringStart: "2026-12-01",
  dataDays: [],
  timeEntries: [],
  calls: [],
  supplyKind: "cognitiveBehavioural",
  setupBilledBefore: false,
  physiologicalMonitoring: false,
  ...over,
});
const days = (from: string, count: number): string[] => Array.from({ length: count }, (_, i) => addDays(from, i));

describe("claim lines", () => {
  test.prop([patientMonth])("every line carries GN, a code from the table and at least one unit", (input) => {
    for (const line of billingLines(input)) {
      expect(line.modifier).toBe(SLP_MODIFIER);
      expect(RTM_CODES).toContain(line.code);
      expect(line.units).toBeGreaterThanOrEqual(1);
      expect(daysBetween(line.from, line.to)).toBeGreaterThanOrEqual(0);
    }
  });

  test.prop([patientMonth])("98979 never with 98980, set-up at most once, and nothing on remote physiological monitoring", (input) => {
    const codes = billingLines(input).map((line) => line.code);
    expect(codes.includes(MANAGEMENT_CODES.short) && codes.includes(MANAGEMENT_CODES.first20)).toBe(false);
    expect(codes.filter((code) => code === SETUP_CODE).length).toBeLessThanOrEqual(input.setupBilledBefore ? 0 : 1);
    expect(billingLines({ ...input, physiologicalMonitoring: true })).toEqual([]);
  });

  test.prop([patientMonth])("management lines need a live call in the month; supply lines are for periods ending in it", (input) => {
    const lines = billingLines(input);
    const called = input.calls.some((call) => monthOf(call.day) === input.month && call.minutes > 0);
    if (!called) expect(lines.filter((line) => line.kind === "management")).toEqual([]);
    for (const line of lines.filter((l) => l.kind !== "management")) expect(monthOf(line.to)).toBe(input.month);
  });

  test.prop([patientMonth, fc.integer({ min: -110, max: 45 })])("adding a data day never removes a supply line nor lowers its code", (input, extra) => {
    const rank = (code: string): number => (["98976", "98977", "98978"].includes(code) ? 2 : 1);
    const before = billingLines(input).filter((line) => line.kind === "supply");
    const after = billingLines({ ...input, dataDays: [...input.dataDays, addDays(`${input.month}-01`, extra)] }).filter((line) => line.kind === "supply");
    for (const line of before) {
      const same = after.find((other) => other.from === line.from);
      expect(same).toBeDefined();
      expect(rank(same?.code ?? "")).toBeGreaterThanOrEqual(rank(line.code));
    }
  });

  it("a period ending in the month with 16 days: set-up, the chosen kind's 16-30 day code, and management with a call", () => {
    const input = quiet({
      monitoringStart: "2026-11-05",
      today: "2026-12-20",
      dataDays: days("2026-11-10", 16),
      timeEntries: [{ start: "2026-12-03T10:00:00Z", minutes: 25, day: "2026-12-03", clinicianId: "slp-1" }],
      calls: [{ day: "2026-12-03", minutes: 8 }],
    });
    expect(billingLines(input)).toEqual([
      { code: "98975", units: 1, modifier: "GN", from: "2026-11-05", to: "2026-12-04", kind: "setup" },
      { code: "98978", units: 1, modifier: "GN", from: "2026-11-05", to: "2026-12-04", kind: "supply" },
      { code: "98980", units: 1, modifier: "GN", from: "2026-12-01", to: "2026-12-31", kind: "management" },
    ]);
    expect(billingLines({ ...input, supplyKind: "respiratory", setupBilledBefore: true }).map((line) => line.code)).toEqual(["98976", "98980"]);
    expect(billingLines({ ...input, dataDays: days("2026-11-10", 15) }).map((line) => line.code)).toEqual(["98975", "98986", "98980"]);
    expect(billingLines({ ...input, dataDays: days("2026-11-10", 1), setupBilledBefore: true }).map((line) => line.code)).toEqual(["98980"]);
  });

  it("time from two clinicians in the month bills nothing until it is sorted out", () => {
    const entry = { start: "2026-12-03T10:00:00Z", minutes: 25, day: "2026-12-03" };
    const input = quiet({ timeEntries: [{ ...entry, clinicianId: "a" }, { ...entry, clinicianId: "b" }], calls: [{ day: "2026-12-03", minutes: 5 }] });
    expect(billingLines(input)).toEqual([]);
    expect(monthStatus(input).status).toBe("blocked");
  });
});

describe("month status", () => {
  test.prop([patientMonth])("a status from the list; ready to bill exactly when the month has lines (unless blocked)", (input) => {
    const result = monthStatus(input);
    expect(BILLING_STATUSES).toContain(result.status);
    if (result.status !== "blocked") expect(result.status === "ready to bill").toBe(result.lines.length > 0);
    if (input.physiologicalMonitoring) expect(result.missing.map((m) => m.text)).toContain(PHYSIOLOGICAL_TEXT);
    for (const item of result.missing) {
      if (item.kind === "dataDays") {
        expect(daysBetween(input.today, item.by)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(item.by, result.currentPeriod?.end ?? "")).toBeGreaterThanOrEqual(item.more - 1);
      }
    }
  });

  it("no activity: monitoring started but no data day, no minutes, no call", () => {
    expect(monthStatus(quiet()).status).toBe("no activity");
    expect(monthStatus(quiet({ monitoringStart: null })).status).toBe("no activity");
  });

  it("on track early in the period, with what is missing in words", () => {
    const result = monthStatus(quiet({ dataDays: ["2026-12-02", "2026-12-03"] }));
    expect(result.status).toBe("on track");
    expect(result.missing.map((m) => m.text)).toEqual(["needs 14 more data days by Dec 17", "needs 10 more minutes", LIVE_CALL_TEXT]);
  });

  it("one data day: the next threshold is the 2-15 day code, reachable up to the period's last day", () => {
    const result = monthStatus(quiet({ dataDays: ["2026-12-02"] }));
    expect(result.missing[0]).toEqual({ kind: "dataDays", tier: "short", more: 1, by: "2026-12-30", text: "needs 1 more data day by Dec 30" });
  });

  it("at risk when the current period can no longer reach 16 days but has 2", () => {
    expect(monthStatus(quiet({ today: "2026-12-25", dataDays: ["2026-12-02", "2026-12-03"] })).status).toBe("at risk");
    expect(monthStatus(quiet({ today: "2026-12-16", dataDays: ["2026-12-02", "2026-12-03"] })).status).toBe("on track");
  });

  it("at risk in the month's last week when time was logged but the call or minutes are missing", () => {
    const entry = { start: "2026-12-03T10:00:00Z", minutes: 12, day: "2026-12-03" };
    const timeEntries = [entry];
    const early = quiet({ monitoringStart: null, today: "2026-12-20", timeEntries });
    expect(monthStatus(early).status).toBe("on track");
    expect(monthStatus({ ...early, today: "2026-12-25" }).status).toBe("at risk");
    expect(monthStatus({ ...early, today: "2026-12-25", calls: [{ day: "2026-12-24", minutes: 6 }] }).status).toBe("ready to bill");
    expect(monthStatus({ ...early, timeEntries: [{ ...entry, minutes: 6 }], calls: [{ day: "2026-12-04", minutes: 6 }], today: "2026-12-26" }).missing.map((m) => m.text)).toEqual(["needs 4 more minutes"]);
  });

  it("remote physiological monitoring in the month: blocked, and it says so", () => {
    const result = monthStatus(quiet({ physiologicalMonitoring: true, dataDays: days("2026-12-01", 20) }));
    expect(result.status).toBe("blocked");
    expect(result.lines).toEqual([]);
    expect(result.missing[0]?.text).toBe(PHYSIOLOGICAL_TEXT);
  });

  it("a past month is judged on its last day", () => {
    const result = monthStatus(quiet({ month: "2026-11", monitoringStart: "2026-11-20", today: "2026-12-28", dataDays: ["2026-11-21", "2026-11-22"] }));
    expect(result.currentPeriod?.start).toBe("2026-11-20");
    expect(lastDayOf("2026-11")).toBe("2026-11-30");
  });
});
