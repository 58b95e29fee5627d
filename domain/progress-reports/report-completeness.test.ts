import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { GoalId } from "../goals/index.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { REPORT_FIELDS, checkSignable, isNpi } from "./report-completeness.ts";
import { BLANK_SLP_FIELDS } from "./report-draft.ts";
import type { ReportDrafted } from "./report-wire.ts";

const RUNS = { numRuns: fuzzRuns(150) };
const drafted: ReportDrafted = {
  period: { start: "2026-02-01", end: "2026-02-28" },
  goals: [
    { goal: GoalId.make(1), label: "LTG-1", statement: "s", criterion: "c", target: 80, baseline: null, current: null, status: "in-progress", achieved_on: null, verdict_sessions: [], sessions: [] },
  ],
  adherence: { sessions_done: 0, sessions_assigned: 0, data_days: 0, clinician_minutes: 0 },
  ratings: [],
};
const complete = { ...BLANK_SLP_FIELDS, plan: "Continue twice weekly", credentials: "MS, CCC-SLP", npi: "1234567893" };
const facts = { goalIds: [1], signerName: "Ada Lovelace", npiRequired: true };

describe("checkSignable", () => {
  it("signs a complete report, naming the signer with credentials and NPI", () => {
    expect(checkSignable(drafted, complete, facts)).toEqual({ ok: true, value: { name: "Ada Lovelace", credentials: "MS, CCC-SLP", npi: "1234567893" } });
  });

  it("refuses an empty plan with ERROR_003 on the plan", () => {
    const result = checkSignable(drafted, { ...complete, plan: "  " }, facts);
    expect(result).toMatchObject({ ok: false, code: "ERROR_003", field: "plan", message: "The plan is required" });
  });

  it("refuses a report that does not address a goal of its period", () => {
    expect(checkSignable(drafted, complete, { ...facts, goalIds: [1, 2] })).toMatchObject({ ok: false, field: "goals" });
  });

  it("asks for the NPI only where the institution requires it, but never accepts a wrong one", () => {
    expect(checkSignable(drafted, { ...complete, npi: "" }, facts)).toMatchObject({ ok: false, field: "npi", code: "ERROR_003" });
    expect(checkSignable(drafted, { ...complete, npi: "" }, { ...facts, npiRequired: false })).toMatchObject({ ok: true, value: { npi: null } });
    expect(checkSignable(drafted, { ...complete, npi: "1234567890" }, { ...facts, npiRequired: false })).toMatchObject({ ok: false, field: "npi", code: "ERROR_056" });
  });

  test.prop([fc.subarray(["plan", "signer_name", "credentials", "npi"] as const, { minLength: 1 })], RUNS)("names the first missing field in reading order", (missing) => {
    const fields = { ...complete, ...(missing.includes("plan") ? { plan: "" } : {}), ...(missing.includes("credentials") ? { credentials: "" } : {}), ...(missing.includes("npi") ? { npi: "" } : {}) };
    const result = checkSignable(drafted, fields, { ...facts, signerName: missing.includes("signer_name") ? " " : facts.signerName });
    const first = REPORT_FIELDS.find((field) => (missing as readonly string[]).includes(field));
    expect(result).toMatchObject({ ok: false, field: first });
  });

  it("checks the NPI's Luhn digit", () => {
    expect(isNpi("1234567893")).toBe(true);
    expect(isNpi("1234567890")).toBe(false);
    expect(isNpi("123456789")).toBe(false);
  });
});
