import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { newCallDraft, newEntryDraft } from "../../domain/billing/time-log-panel.ts";
import type { CallRecord, TimeEntry } from "../../domain/billing/time-log-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { type CheckedCall, type CheckedEntry, createCallFormMachine, createTimeEntryFormMachine } from "./time-log-forms.machine.ts";

// The time-log forms on the create-form machine: the domain's check (the log window on the
// institution's calendar) before any call, one submit at a time, a refusal naming a field kept
// under it, any other with everything typed.
const NOW = new Date("2026-12-01T03:00:00Z"); // 21:00 on 30 November in Chicago
const ZONE = "America/Chicago";

type EntryIo = { submitForm: { input: SubmitFormInput<ReturnType<typeof newEntryDraft>, CheckedEntry>; output: TimeEntry } };
type CallIo = { submitForm: { input: SubmitFormInput<ReturnType<typeof newCallDraft>, CheckedCall>; output: CallRecord } };
let entryFakes = createScriptedActors<EntryIo>(["submitForm"]);
let callFakes = createScriptedActors<CallIo>(["submitForm"]);

// The machine only carries the answer to the page; its fields do not matter here.
const savedEntry = { id: 1 } as unknown as TimeEntry;
const savedCall = { id: 9 } as unknown as CallRecord;

const startEntry = (correcting = false) => {
  entryFakes = createScriptedActors<EntryIo>(["submitForm"]);
  return createActor(createTimeEntryFormMachine({ timeZone: ZONE, correcting }).provide({ actors: entryFakes.actors }), { input: { draft: newEntryDraft(NOW, ZONE) } }).start();
};
const startCall = () => {
  callFakes = createScriptedActors<CallIo>(["submitForm"]);
  return createActor(createCallFormMachine({ timeZone: ZONE }).provide({ actors: callFakes.actors }), { input: { draft: newCallDraft(NOW, ZONE) } }).start();
};

afterEach(() => {
  for (const fakes of [entryFakes, callFakes]) {
    expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
    expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
  }
});

describe("the time-entry form machine", () => {
  it("starts at now on the institution's clocks and refuses 1900 without a call", () => {
    const actor = startEntry();
    expect(actor.getSnapshot().context.draft).toMatchObject({ date: "2026-11-30", time: "21:00" });
    actor.send({ type: "form.change", field: "activity", value: "review" });
    actor.send({ type: "form.change", field: "minutes", value: "22" });
    actor.send({ type: "form.change", field: "date", value: "1900-01-01" });
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().value).toBe("filling");
    expect(actor.getSnapshot().context.errors).toEqual({ date: "Time can be logged from October 1, 2026 on: this month and last." });
    // Changing the field clears its message.
    actor.send({ type: "form.change", field: "date", value: "2026-11-30" });
    expect(actor.getSnapshot().context.errors.date).toBeUndefined();
    expect(entryFakes.calls.submitForm).toEqual([]);
  });

  it("sends the checked start as an instant, once, and is done when it went through", async () => {
    const actor = startEntry();
    actor.send({ type: "form.change", field: "activity", value: "review" });
    actor.send({ type: "form.change", field: "minutes", value: "22" });
    actor.send({ type: "form.change", field: "time", value: "20:30" });
    entryFakes.resolveNext("submitForm", savedEntry);
    actor.send({ type: "form.submit", now: NOW });
    actor.send({ type: "form.submit", now: NOW });
    const snapshot = await waitFor(actor, (s) => s.matches("done"));
    expect(entryFakes.calls.submitForm).toHaveLength(1);
    expect(entryFakes.calls.submitForm[0]?.value).toEqual({ activity: "review", start: "2026-12-01T02:30:00.000Z", minutes: 22 });
    expect(snapshot.context.created).toBe(savedEntry);
  });

  it("puts a refusal of `start` under the date, and a stale version in `failure`", async () => {
    const actor = startEntry(true);
    actor.send({ type: "form.change", field: "activity", value: "call" });
    actor.send({ type: "form.change", field: "minutes", value: "5" });
    actor.send({ type: "form.change", field: "reason", value: "typo" });
    entryFakes.rejectNext("submitForm", { code: "ERROR_056", message: "The field is not valid", status: 400, field: "start" });
    actor.send({ type: "form.submit", now: NOW });
    const refused = await waitFor(actor, (s) => s.matches("filling"));
    expect(refused.context.errors).toEqual({ date: "The field is not valid" });
    const stale = { code: "ERROR_056", message: "Someone else changed this record", status: 412, field: "version" };
    entryFakes.rejectNext("submitForm", stale);
    actor.send({ type: "form.submit", now: NOW });
    const again = await waitFor(actor, (s) => s.matches("filling"));
    expect(again.context.failure).toEqual(stale);
    expect(again.context.draft.reason).toBe("typo");
  });
});

describe("the call form machine", () => {
  it("starts on the institution's today and refuses its tomorrow, though it is UTC's today", async () => {
    const actor = startCall();
    expect(actor.getSnapshot().context.draft).toEqual({ date: "2026-11-30", minutes: "", participants: "" });
    actor.send({ type: "form.change", field: "minutes", value: "15" });
    actor.send({ type: "form.change", field: "participants", value: "patient" });
    actor.send({ type: "form.change", field: "date", value: "2026-12-01" });
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().context.errors).toEqual({ date: "The call cannot be in the future." });
    actor.send({ type: "form.change", field: "date", value: "2026-10-01" });
    callFakes.resolveNext("submitForm", savedCall);
    actor.send({ type: "form.submit", now: NOW });
    await waitFor(actor, (s) => s.matches("done"));
    expect(callFakes.calls.submitForm[0]).toEqual({ draft: { date: "2026-10-01", minutes: "15", participants: "patient" }, value: { minutes: 15 } });
  });
});
