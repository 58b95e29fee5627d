import { describe, expect, it } from "vitest";
import { draftOf } from "../../domain/patients/patient-form-state.ts";
import type { Patient } from "../../domain/patients/index.ts";
import { PatientId, StaffId } from "../../domain/shared/ids.ts";
import { recordEditHarness, STALE_VERSION } from "../shared/testing/record-edit-harness.test-helper.ts";
import { patientEditMachine, type SavePatientInput } from "./patient-edit.machine.ts";


const started: Patient = {
  id: PatientId.make(7),
  first_name: "Ana",
  last_name: "Lee",
  email: "ana@example.org",
  birthdate: "1950-02-03",
  status: "active",
  reviewed_status: "pending",
  staff: { id: StaffId.make(5), first_name: "Sam", last_name: "Slp" },
  created_at: "2026-01-01T00:00:00.000Z",
  version: 3,
  gender: "female",
  contact_info: { address_1: "1 Main St", address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
};
// Someone else changed the last name and the phone meanwhile.
const theirs: Patient = { ...started, last_name: "Lee-Park", contact_info: { ...started.contact_info, phone: "+1 415 555 2671" }, version: 4 };
const mine = { ...draftOf(started), first_name: "Anna" };
const edit = { body: { first_name: "Anna" }, draft: mine };
/** What a save sent: the body and the version it named (the machine hands the record and the edit). */
const sent = (calls: readonly SavePatientInput[]) => calls.map((call) => ({ id: call.record.id, body: call.draft.body, version: call.record.version }));

const harness = recordEditHarness(patientEditMachine, started);
const { start, settled } = harness;
const conflicted = () => harness.conflicted(edit, theirs);

describe("saving a patient", () => {
  it("names the version the form was filled from, and ends with the server's record", async () => {
    const actor = start();
    const saved = { ...started, first_name: "Anna", version: 4 };
    harness.fakes().resolveNext("saveRecord", saved);
    actor.send({ type: "edit.save", draft: edit });
    const snapshot = await settled(actor);
    expect(sent(harness.fakes().calls.saveRecord)).toEqual([{ id: started.id, body: { first_name: "Anna" }, version: 3 }]);
    expect(snapshot.status).toBe("done");
    expect(snapshot.context.saved).toEqual(saved);
  });

  it("any other refusal goes back to the form with its reason, and no conflict", async () => {
    const actor = start();
    harness.fakes().rejectNext("saveRecord", { code: "ERROR_053", message: "The email cannot change", status: 400, field: "email" });
    actor.send({ type: "edit.save", draft: { body: { email: "x@example.org" }, draft: mine } });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context.failure).toMatchObject({ code: "ERROR_053", field: "email" });
    expect(harness.fakes().calls.loadRecord).toEqual([]);
  });
});

describe("someone else changed the patient meanwhile", () => {
  it("a stale save reads the stored record and keeps what the person typed", async () => {
    const actor = await conflicted();
    expect(harness.fakes().calls.loadRecord).toEqual([{ record: started }]);
    expect(actor.getSnapshot().context).toMatchObject({ started, current: theirs, mine: edit, failure: null });
  });

  it("reload drops the draft: the form fills from the stored record, and the next save names its version", async () => {
    const actor = await conflicted();
    actor.send({ type: "conflict.reload" });
    expect(actor.getSnapshot().value).toBe("editing");
    // Only this choice starts a fresh form: the page keys its form on the count.
    expect(actor.getSnapshot().context).toMatchObject({ started: theirs, current: null, mine: null, reloads: 1 });
    harness.fakes().resolveNext("saveRecord", { ...theirs, first_name: "Anne", version: 5 });
    actor.send({ type: "edit.save", draft: { body: { first_name: "Anne" }, draft: { ...draftOf(theirs), first_name: "Anne" } } });
    await settled(actor);
    expect(sent(harness.fakes().calls.saveRecord).at(-1)).toEqual({ id: started.id, body: { first_name: "Anne" }, version: 4 });
  });

  it("reapply sends the same changes against the stored version, leaving their last name and phone alone", async () => {
    const actor = await conflicted();
    harness.fakes().resolveNext("saveRecord", { ...theirs, first_name: "Anna", version: 5 });
    actor.send({ type: "conflict.reapply" });
    const snapshot = await settled(actor);
    expect(sent(harness.fakes().calls.saveRecord)).toEqual([
      { id: started.id, body: { first_name: "Anna" }, version: 3 },
      { id: started.id, body: { first_name: "Anna" }, version: 4 },
    ]);
    expect(snapshot.status).toBe("done");
  });

  it("a second conflict on reapply is a new conflict against the newest record", async () => {
    const actor = await conflicted();
    const newer = { ...theirs, first_name: "Ann", version: 5 };
    harness.fakes().rejectNext("saveRecord", STALE_VERSION);
    harness.fakes().resolveNext("loadRecord", newer);
    actor.send({ type: "conflict.reapply" });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("conflict");
    expect(snapshot.context).toMatchObject({ started: theirs, current: newer, mine: edit, reloads: 0 });
  });

  it("if the stored record cannot be read, the form stays with the reason", async () => {
    const actor = start();
    harness.fakes().rejectNext("saveRecord", STALE_VERSION);
    harness.fakes().rejectNext("loadRecord", { code: "ERROR_001", message: "An error occurred", status: 503 });
    actor.send({ type: "edit.save", draft: edit });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context).toMatchObject({ failure: { status: 503 }, mine: edit });
  });
});
