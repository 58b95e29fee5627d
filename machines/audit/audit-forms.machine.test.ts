import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { filterDraftOf } from "../../domain/audit/audit-view.ts";
import type { ReviewDraft } from "../../domain/audit/audit-review-form.ts";
import type { AuditReview, AuditReviewBody } from "../../domain/audit/audit-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { newDisclosureDraft, type DisclosureDraft } from "../../domain/audit/disclosure-form.ts";
import type { Disclosure, DisclosureBody } from "../../domain/audit/disclosure-wire.ts";
import { PatientId } from "../../domain/shared/ids.ts";
import * as Schema from "effect/Schema";
import { createAuditFilterFormMachine, createReviewFormMachine } from "./audit-forms.machine.ts";
import { createDisclosureFormMachine } from "./disclosure-form.machine.ts";

const NOW = new Date("2026-11-30T10:00:00Z");
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the audit viewer's forms", () => {
  it("applies only filters that read, and stays open on what was applied", async () => {
    const applied: unknown[] = [];
    const logic = createAuditFilterFormMachine().provide({
      actors: { submitForm: fromPromise(async ({ input }) => (applied.push(input.value), input.draft)) },
    });
    const actor = createActor(logic, { input: { draft: filterDraftOf({}) } }).start();
    actor.send({ type: "form.change", field: "patient", value: "forty" });
    actor.send({ type: "form.submit", now: NOW });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["patient"]);
    expect(applied).toEqual([]);
    actor.send({ type: "form.change", field: "patient", value: "42" });
    actor.send({ type: "form.submit", now: NOW });
    await settle();
    expect(applied).toEqual([{ patient: 42 }]);
    expect(actor.getSnapshot().matches("filling")).toBe(true);
    expect(actor.getSnapshot().context.draft.patient).toBe("42");
  });

  it("signs off a week that is over, and shows the server's refusal under its field", async () => {
    let refuse = true;
    const sent: unknown[] = [];
    const logic = createReviewFormMachine((now) => now.toISOString().slice(0, 10)).provide({
      actors: {
        submitForm: fromPromise<AuditReview, SubmitFormInput<ReviewDraft, AuditReviewBody>>(async ({ input }) => {
          sent.push(input.value);
          if (refuse) throw Object.assign(new Error("refused"), { field: "period_end", message: "Not over yet" });
          return { id: 1, period_start: "2026-11-23", period_end: "2026-11-29", notes: "ok", reviewed_at: NOW.toISOString(), reviewer_id: 3, reviewer_name: "Ada" };
        }),
      },
    });
    const actor = createActor(logic, { input: { draft: { period_start: "2026-11-23", period_end: "2026-12-06", notes: "" } } }).start();
    actor.send({ type: "form.submit", now: NOW });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["period_end"]);
    actor.send({ type: "form.change", field: "period_end", value: "2026-11-29" });
    actor.send({ type: "form.submit", now: NOW });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ period_end: "Not over yet" });
    refuse = false;
    actor.send({ type: "form.submit", now: NOW });
    await settle();
    expect(sent).toHaveLength(2);
    expect(actor.getSnapshot().matches("filling")).toBe(true);
    expect(actor.getSnapshot().context.draft.notes).toBe("");
  });

  it("records a disclosure only once every field reads, and empties for the next one", async () => {
    const sent: DisclosureBody[] = [];
    const patient = Schema.decodeUnknownSync(PatientId)(42);
    const logic = createDisclosureFormMachine(patient, (now) => now.toISOString().slice(0, 10)).provide({
      actors: {
        submitForm: fromPromise<Disclosure, SubmitFormInput<DisclosureDraft, DisclosureBody>>(async ({ input }) => {
          sent.push(input.value);
          return { id: 1, patient_id: 42, ...input.value, source: "manual", recorded_at: NOW.toISOString(), recorded_by: 3, recorded_by_name: "Ada" };
        }),
      },
    });
    const actor = createActor(logic, { input: { draft: newDisclosureDraft("2026-11-30") } }).start();
    actor.send({ type: "form.change", field: "disclosed_on", value: "2026-12-01" });
    actor.send({ type: "form.submit", now: NOW });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(["disclosed_on", "purpose", "recipient", "recipient_address", "what"]);
    for (const [field, value] of [["disclosed_on", "2026-11-20"], ["recipient", "Court"], ["recipient_address", "1 Court Sq"], ["what", "Records"], ["purpose", "Subpoena"]] as const) actor.send({ type: "form.change", field, value });
    actor.send({ type: "form.submit", now: NOW });
    await settle();
    expect(sent).toEqual([{ patient: 42, disclosed_on: "2026-11-20", recipient: "Court", recipient_address: "1 Court Sq", what: "Records", purpose: "Subpoena" }]);
    expect(actor.getSnapshot().context.draft).toEqual(newDisclosureDraft("2026-11-30"));
  });
});
