import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { MAX_DUE_EVERY } from "./report-due.ts";
import { checkDueEvery, checkReportSettings } from "./report-settings.ts";

const RUNS = { numRuns: fuzzRuns(150) };

describe("checkReportSettings", () => {
  it("reads N as whole days and keeps the kind and the NPI flag", () => {
    expect(checkReportSettings({ due_kind: "treatment_days", due_every: " 12 ", npi_required: true })).toEqual({ ok: true, value: { due_kind: "treatment_days", due_every: 12, npi_required: true } });
  });

  it.each(["", "0", "366", "1.5", "-3", "ten", "1e2"])("refuses N = %j with ERROR_056 on due_every", (every) => {
    expect(checkReportSettings({ due_kind: "calendar_days", due_every: every, npi_required: false })).toMatchObject({ ok: false, code: "ERROR_056", field: "due_every", message: "Enter a whole number of days from 1 to 365" });
  });

  test.prop([fc.integer({ min: -1000, max: 1000 })], RUNS)("accepts N exactly from 1 to 365", (every) => {
    expect(checkDueEvery(every).ok).toBe(every >= 1 && every <= MAX_DUE_EVERY);
  });

  test.prop([fc.double()], RUNS)("never accepts a fraction or a non-number", (every) => {
    fc.pre(!Number.isInteger(every));
    expect(checkDueEvery(every)).toMatchObject({ ok: false, field: "due_every" });
  });
});
