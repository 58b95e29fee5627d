import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { GoalId } from "../../domain/goals/index.ts";
import { BLANK_SLP_FIELDS, type ProgressReportWire, ProgressReportId } from "../../domain/progress-reports/index.ts";
import { PatientId } from "../../domain/shared/ids.ts";
import { type ReportFormValue, createReportFormMachine, reportFormDraftOf } from "./report-form.machine.ts";

const report: ProgressReportWire = {
  id: ProgressReportId.make(1),
  patient: PatientId.make(2),
  patient_name: { first_name: "Mia", last_name: "Stone" },
  state: "draft",
  drafted: {
    period: { start: "2026-02-01", end: "2026-02-28" },
    goals: [{ goal: GoalId.make(3), label: "LTG-1", statement: "s", criterion: "c", target: 80, baseline: null, current: null, status: "in-progress", achieved_on: null, verdict_sessions: [], sessions: [] }],
    adherence: { sessions_done: 0, sessions_assigned: 0, data_days: 0, clinician_minutes: 0 },
    ratings: [],
  },
  fields: BLANK_SLP_FIELDS,
  npi_required: false,
  signer: null,
  signed_at: null,
  content_sha256: null,
  addenda: [],
  created_at: "2026-03-01T09:00:00.000Z",
  updated_at: "2026-03-01T09:00:00.000Z",
  version: 1,
};
const NOW = new Date("2026-03-01T10:00:00Z");

const started = (submit: (value: ReportFormValue) => Promise<ProgressReportWire>) =>
  createActor(createReportFormMachine("Ada Lovelace").provide({ actors: { submitForm: fromPromise(({ input }) => submit(input.value)) } }), {
    input: { draft: reportFormDraftOf(report), basis: { report, signerName: "Ada Lovelace" } },
  }).start();

describe("the report form", () => {
  it("refuses to sign while the plan is empty, marking only the plan, and sends nothing", () => {
    const actor = started(() => Promise.reject(new Error("must not be called")));
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().matches("filling")).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ plan: "The plan is required" });
  });

  it("saves a draft as typed, and signs once complete, staying open on the answer", async () => {
    const sent: ReportFormValue[] = [];
    const actor = started((value) => {
      sent.push(value);
      return Promise.resolve({ ...report, fields: value.fields, version: report.version + sent.length, ...(value.intent === "sign" ? { state: "signed" as const } : {}) });
    });
    actor.send({ type: "form.change", field: "assessment", value: "Better naming" });
    actor.send({ type: "form.send", value: { intent: "save", fields: actor.getSnapshot().context.draft } });
    await waitFor(actor, (snapshot) => snapshot.matches("filling") && snapshot.context.basis.report.version === 2, { timeout: 5000 });
    actor.send({ type: "form.change", field: "plan", value: "Continue" });
    actor.send({ type: "form.change", field: "credentials", value: "CCC-SLP" });
    actor.send({ type: "form.submit", now: NOW });
    await waitFor(actor, (snapshot) => snapshot.matches("filling") && snapshot.context.basis.report.state === "signed", { timeout: 5000 });
    expect(sent.map((value) => value.intent)).toEqual(["save", "sign"]);
    expect(sent[1]?.fields).toMatchObject({ assessment: "Better naming", plan: "Continue", credentials: "CCC-SLP" });
  });

  it("puts the server's refusal naming the NPI under the NPI field", async () => {
    const actor = started(() => Promise.reject(Object.assign(new Error("refused"), { field: "npi", message: "The NPI is required" })));
    actor.send({ type: "form.change", field: "plan", value: "Continue" });
    actor.send({ type: "form.change", field: "credentials", value: "CCC-SLP" });
    actor.send({ type: "form.submit", now: NOW });
    await waitFor(actor, (snapshot) => snapshot.matches("filling") && Object.keys(snapshot.context.errors).length > 0, { timeout: 5000 });
    expect(actor.getSnapshot().context.errors).toEqual({ npi: "The NPI is required" });
  });
});
