import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { filterDraftOf } from "../../domain/audit/audit-view.ts";
import type { ReviewDraft } from "../../domain/audit/audit-review-form.ts";
import type { AuditReview, AuditReviewBody } from "../../domain/audit/audit-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createAuditFilterFormMachine, createReviewFormMachine } from "./audit-forms.machine.ts";

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
});
