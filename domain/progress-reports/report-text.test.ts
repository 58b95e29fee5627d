import { describe, expect, it } from "vitest";
import { GoalId } from "../goals/index.ts";
import { GameSessionId, PatientId } from "../shared/ids.ts";
import { BLANK_SLP_FIELDS } from "./report-draft.ts";
import { reportText } from "./report-text.ts";
import { type ProgressReportWire, ProgressReportId, ReportAddendumId } from "./report-wire.ts";

const report: ProgressReportWire = {
  id: ProgressReportId.make(1),
  patient: PatientId.make(2),
  patient_name: { first_name: "Mia", last_name: "Stone" },
  state: "signed",
  drafted: {
    period: { start: "2026-02-01", end: "2026-02-28" },
    goals: [
      {
        goal: GoalId.make(3),
        label: "LTG-1",
        statement: "Names pictures",
        criterion: "Naming at easy level or harder, at least 80% accurate (after corrections) over 3 consecutive sessions, by Apr 30, 2026.",
        target: 80,
        baseline: { value: 50, source: "sessions" },
        current: 90,
        status: "achieved",
        achieved_on: "2026-02-20",
        verdict_sessions: [GameSessionId.make(4), GameSessionId.make(5)],
        sessions: [{ session: GameSessionId.make(4), day: "2026-02-10", accuracy: 85, meets: true }],
      },
    ],
    adherence: { sessions_done: 12, sessions_assigned: 28, data_days: 9, clinician_minutes: 45 },
    ratings: [{ scale: "memory", level: 5, rated_on: "2026-02-15", previous_level: 3, previous_on: "2026-01-05" }],
  },
  fields: { ...BLANK_SLP_FIELDS, plan: "Continue twice weekly\nAdd reading", credentials: "CCC-SLP" },
  npi_required: false,
  signer: { name: "Ada Lovelace", credentials: "CCC-SLP", npi: null },
  signed_at: "2026-03-01T10:00:00.000Z",
  content_sha256: "a".repeat(64),
  addenda: [{ id: ReportAddendumId.make(1), text: "Corrected minutes", signer: { name: "Ada Lovelace", credentials: "CCC-SLP", npi: null }, signed_at: "2026-03-02T10:00:00.000Z", content_sha256: "b".repeat(64) }],
  created_at: "2026-03-01T09:00:00.000Z",
  updated_at: "2026-03-01T10:00:00.000Z",
  version: 2,
};

describe("reportText", () => {
  it("writes every element in plain text, one fact a line, ending with the signature, hash and addenda", () => {
    const text = reportText(report);
    expect(text).toContain("Patient: Mia Stone");
    expect(text).toContain("Period: Feb 1, 2026 to Feb 28, 2026");
    expect(text).toContain("  Baseline: 50% (from sessions before the start)");
    expect(text).toContain("  Status: Achieved, from the latest 2 sessions; criterion first met on Feb 20, 2026");
    expect(text).toContain("Sessions done of assigned: 12 of 28");
    expect(text).toContain("Memory: level 5 of 7 (Feb 15, 2026), Up 2 levels since Jan 5, 2026");
    expect(text).toContain("Plan\nContinue twice weekly\nAdd reading");
    expect(text).toContain("Assessment\nNot written");
    expect(text).toContain(`SHA-256: ${"a".repeat(64)}`);
    expect(text.indexOf("Addendum signed by")).toBeGreaterThan(text.indexOf(`SHA-256: ${"a".repeat(64)}`));
  });

  it("marks a draft as not signed", () => {
    expect(reportText({ ...report, state: "draft", signer: null, signed_at: null, content_sha256: null, addenda: [] })).toContain("Draft, not signed");
  });
});
