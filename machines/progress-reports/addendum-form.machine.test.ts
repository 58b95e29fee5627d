import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { BLANK_ADDENDUM, BLANK_SLP_FIELDS, type AddendumValue, type ProgressReportWire, ProgressReportId } from "../../domain/progress-reports/index.ts";
import { PatientId } from "../../domain/shared/ids.ts";
import { addendumFormMachine } from "./addendum-form.machine.ts";

const report: ProgressReportWire = {
  id: ProgressReportId.make(1),
  patient: PatientId.make(2),
  patient_name: { first_name: "Mia", last_name: "Stone" },
  state: "signed",
  drafted: { period: { start: "2026-02-01", end: "2026-02-28" }, goals: [], adherence: { sessions_done: 0, sessions_assigned: 0, data_days: 0, clinician_minutes: 0 }, ratings: [] },
  fields: { ...BLANK_SLP_FIELDS, plan: "Continue", credentials: "CCC-SLP" },
  npi_required: false,
  signer: { name: "Ada Lovelace", credentials: "CCC-SLP", npi: null },
  signed_at: "2026-03-01T12:00:00.000Z",
  content_sha256: "ab".repeat(32),
  addenda: [],
  created_at: "2026-03-01T09:00:00.000Z",
  updated_at: "2026-03-01T12:00:00.000Z",
  version: 3,
};
const NOW = new Date("2026-03-02T10:00:00Z");

const started = (submit: (value: AddendumValue) => Promise<ProgressReportWire>) =>
  createActor(addendumFormMachine.provide({ actors: { submitForm: fromPromise(({ input }) => submit(input.value)) } }), { input: { draft: BLANK_ADDENDUM, basis: { report } } }).start();

describe("the addendum form", () => {
  it("refuses a blank addendum on its text and sends nothing", () => {
    const actor = started(() => Promise.reject(new Error("must not be called")));
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().matches("filling")).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ text: "The addendum is required" });
  });

  it("sends the trimmed text with the report's signer's credentials left to the server, then is done", async () => {
    const sent: AddendumValue[] = [];
    const actor = started(async (value) => (sent.push(value), report));
    actor.send({ type: "form.change", field: "text", value: " Late entry " });
    actor.send({ type: "form.submit", now: NOW });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent).toEqual([{ text: "Late entry" }]);
  });
});
