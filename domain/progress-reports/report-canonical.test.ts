import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { canonicalAddendumText, canonicalReportText, lockedReport } from "./report-canonical.ts";
import { BLANK_SLP_FIELDS } from "./report-draft.ts";
import type { ReportDrafted } from "./report-wire.ts";

const RUNS = { numRuns: fuzzRuns(150) };
const drafted: ReportDrafted = {
  period: { start: "2026-02-01", end: "2026-02-28" },
  goals: [],
  adherence: { sessions_done: 3, sessions_assigned: 10, data_days: 2, clinician_minutes: 25 },
  ratings: [],
};
const signer = { name: "Ada Lovelace", credentials: "CCC-SLP", npi: null };

/** The same object with its keys in another order, at every depth. */
const shuffled = (value: unknown, seed: number): unknown => {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => shuffled(item, seed));
  const entries = Object.entries(value);
  const rotated = [...entries.slice(seed % Math.max(1, entries.length)), ...entries.slice(0, seed % Math.max(1, entries.length))].reverse();
  return Object.fromEntries(rotated.map(([key, item]) => [key, shuffled(item, seed + 1)]));
};

describe("canonicalReportText", () => {
  it("is JSON with sorted keys and no white space", () => {
    const text = canonicalReportText(lockedReport(4, drafted, { ...BLANK_SLP_FIELDS, plan: " Continue " }, signer, "2026-03-01T10:00:00.000Z"));
    expect(text.startsWith('{"assessment":"","drafted":{"adherence":{"clinician_minutes":25,')).toBe(true);
    expect(text).toContain('"plan":"Continue"');
    expect(JSON.parse(text)).toMatchObject({ patient: 4, signed_at: "2026-03-01T10:00:00.000Z" });
  });

  test.prop([fc.string(), fc.string(), fc.nat()], RUNS)("does not depend on the order of keys, and any text change changes it", (plan, other, seed) => {
    const locked = lockedReport(1, drafted, { ...BLANK_SLP_FIELDS, plan }, signer, "2026-03-01T10:00:00.000Z");
    const text = canonicalReportText(locked);
    expect(canonicalReportText(shuffled(locked, seed) as typeof locked)).toBe(text);
    expect(JSON.parse(text).plan).toBe(plan.trim());
    if (other.trim() !== plan.trim()) expect(canonicalReportText({ ...locked, plan: other.trim() })).not.toBe(text);
  });

  it("binds an addendum to the report's hash", () => {
    expect(canonicalAddendumText("ab", "x", signer, "t")).not.toBe(canonicalAddendumText("cd", "x", signer, "t"));
  });
});
