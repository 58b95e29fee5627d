import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { type ReportSettingsBody, type ReportSettingsWire, reportSettingsDraftOf } from "../../domain/progress-reports/index.ts";
import { InstitutionId } from "../../domain/shared/ids.ts";
import { reportSettingsFormMachine } from "./report-settings-form.machine.ts";

const stored: ReportSettingsWire = { institution: InstitutionId.make(2), due_kind: "calendar_days", due_every: 30, npi_required: false, updated_at: null };
const NOW = new Date("2026-03-02T10:00:00Z");

const started = (submit: (value: ReportSettingsBody) => Promise<ReportSettingsWire>) =>
  createActor(reportSettingsFormMachine.provide({ actors: { submitForm: fromPromise(({ input }) => submit(input.value)) } }), { input: { draft: reportSettingsDraftOf(stored) } }).start();

describe("the report settings form", () => {
  it("refuses N outside 1..365 on its field and sends nothing", () => {
    const actor = started(() => Promise.reject(new Error("must not be called")));
    actor.send({ type: "form.change", field: "due_every", value: "400" });
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().matches("filling")).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ due_every: "Enter a whole number of days from 1 to 365" });
  });

  it("sends the rule and stays open on the saved one", async () => {
    const sent: ReportSettingsBody[] = [];
    const actor = started(async (value) => (sent.push(value), { ...stored, ...value, updated_at: "2026-03-02T10:00:00.000Z" }));
    actor.send({ type: "form.change", field: "due_kind", value: "treatment_days" });
    actor.send({ type: "form.change", field: "due_every", value: "8" });
    actor.send({ type: "form.change", field: "npi_required", value: true });
    actor.send({ type: "form.submit", now: NOW });
    await waitFor(actor, (snapshot) => snapshot.matches("filling") && sent.length === 1);
    expect(sent).toEqual([{ due_kind: "treatment_days", due_every: 8, npi_required: true }]);
    expect(actor.getSnapshot().context.draft).toEqual({ due_kind: "treatment_days", due_every: "8", npi_required: true });
  });
});
