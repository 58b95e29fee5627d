import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { addDays } from "../billing/index.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { reportDue } from "./report-due.ts";
import { reportPeriod } from "./report-period.ts";

const RUNS = { numRuns: fuzzRuns(150) };
const FROM = "2026-03-01";

describe("reportDue", () => {
  it("calendar days: due on the Nth day, due soon within 3 days of it, overdue after", () => {
    const rule = { kind: "calendar_days", every: 30 } as const;
    expect(reportDue(rule, FROM, [], "2026-03-20")).toEqual({ state: "not_due", due_on: "2026-03-30", treatment_days_left: null });
    expect(reportDue(rule, FROM, [], "2026-03-27").state).toBe("due_soon");
    expect(reportDue(rule, FROM, [], "2026-03-30").state).toBe("due_soon");
    expect(reportDue(rule, FROM, [], "2026-03-31").state).toBe("overdue");
  });

  it("treatment days: due on the Nth day with clinician time, counting each day once", () => {
    const rule = { kind: "treatment_days", every: 3 } as const;
    expect(reportDue(rule, FROM, ["2026-02-27"], "2026-03-10")).toEqual({ state: "due_soon", due_on: null, treatment_days_left: 3 });
    expect(reportDue({ ...rule, every: 10 }, FROM, ["2026-03-02", "2026-03-02"], "2026-03-10")).toEqual({ state: "not_due", due_on: null, treatment_days_left: 9 });
    expect(reportDue(rule, FROM, ["2026-03-02", "2026-03-04", "2026-03-09"], "2026-03-09")).toEqual({ state: "due_soon", due_on: "2026-03-09", treatment_days_left: 0 });
    expect(reportDue(rule, FROM, ["2026-03-02", "2026-03-04", "2026-03-09"], "2026-03-10").state).toBe("overdue");
  });

  test.prop([fc.integer({ min: 1, max: 90 }), fc.integer({ min: 0, max: 200 })], RUNS)("calendar days: never overdue on or before the due day, always after it", (every, offset) => {
    const today = addDays(FROM, offset);
    const due = reportDue({ kind: "calendar_days", every }, FROM, [], today);
    expect(due.state === "overdue").toBe(today > addDays(FROM, every - 1));
  });

  test.prop([fc.integer({ min: 1, max: 20 }), fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 })], RUNS)(
    "treatment days: overdue exactly when the Nth treatment day has passed",
    (every, offsets) => {
      const today = addDays(FROM, 60);
      const days = offsets.map((offset) => addDays(FROM, offset));
      const nth = [...days].sort()[every - 1];
      expect(reportDue({ kind: "treatment_days", every }, FROM, days, today).state === "overdue").toBe(nth !== undefined && nth < today);
    },
  );
});

describe("reportPeriod", () => {
  it("runs from the day after the last report's end to today, or the last 30 days", () => {
    expect(reportPeriod({}, "2026-02-28", "2026-03-31")).toEqual({ ok: true, value: { start: "2026-03-01", end: "2026-03-31" } });
    expect(reportPeriod({}, null, "2026-03-30")).toEqual({ ok: true, value: { start: "2026-03-01", end: "2026-03-30" } });
  });

  it("refuses a start after the end, a day that is not one, and an end after today", () => {
    expect(reportPeriod({ start: "2026-03-10", end: "2026-03-01" }, null, "2026-03-31")).toMatchObject({ ok: false, code: "ERROR_034", field: "start" });
    expect(reportPeriod({ start: "2026-02-30" }, null, "2026-03-31")).toMatchObject({ ok: false, code: "ERROR_056", field: "start" });
    expect(reportPeriod({ end: "2026-04-01" }, null, "2026-03-31")).toMatchObject({ ok: false, field: "end" });
  });
});
