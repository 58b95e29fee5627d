import { afterEach, describe, expect, it } from "vitest";
import { phoneNumbers } from "../../domain/shared/validators/phone.ts";
import { createActor, waitFor } from "xstate";
import { draftOf, EMPTY_PATIENT_DRAFT, type PatientDraft, type PatientSave } from "../../domain/patients/patient-form-state.ts";
import type { Patient } from "../../domain/patients/patients-wire.ts";
import { PatientId, PlaceId, StaffId } from "../../domain/shared/ids.ts";
import { NOTHING_TO_SAVE } from "../../domain/shared/person-form.ts";
import type { Place } from "../../domain/shared/wire/place.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { patientFormMachine } from "./patient-form.machine.ts";

/** The phone rule the page sends with a submit. */
const PHONE_TOOLS = { phoneNumbers };

// The patient form on the create-form machine: the domain's check on the viewer's today before any
// call, the postal code checked as typed, a picked place narrowing the ones under it, an edit with
// nothing changed sending nothing, and a refusal under its field or as the form's, nothing typed lost.
type Io = { submitForm: { input: SubmitFormInput<PatientDraft, PatientSave, Patient | null>; output: unknown } };
let fakes = createScriptedActors<Io>(["submitForm"]);
const NOW = new Date(2026, 10, 25, 12, 0);
const place = (id: number, name: string, code2: string | null = null): Place => ({ id: PlaceId.make(id), name, code2, alternate_names: [] });
const US = place(1, "United States", "US");
const GERMANY = place(2, "Germany", "DE");
const OREGON = place(3, "Oregon", "OR");

const record = (status: Patient["status"]): Patient => ({
  id: PatientId.make(9),
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@patients.test",
  birthdate: "1950-02-03",
  status,
  reviewed_status: "pending",
  staff: { id: StaffId.make(5), first_name: "Sam", last_name: "Slp" },
  created_at: "2026-01-01T00:00:00.000Z",
  version: 1,
  gender: "female",
  contact_info: { address_1: "1 Main St", address_2: null, city: null, state: OREGON, country: US, zip_code: "97201", phone: null },
});

const start = (opened: Patient | null = null) => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  return createActor(patientFormMachine.provide({ actors: fakes.actors }), { input: { draft: opened === null ? EMPTY_PATIENT_DRAFT : draftOf(opened), basis: opened } }).start();
};
type Actor = ReturnType<typeof start>;
const type = (actor: Actor, draft: Partial<Record<"first_name" | "last_name" | "email" | "birthdate" | "gender" | "zip_code" | "phone", string>>) => {
  for (const [field, value] of Object.entries(draft)) actor.send({ type: "form.change", field: field as keyof PatientDraft & string, value });
};
const pick = (actor: Actor, field: "country" | "state" | "city", value: Place | null) => actor.send({ type: "form.change", field, value });
const fill = (actor: Actor) => type(actor, { first_name: "  Grace ", last_name: "Hopper", email: "grace@patients.test", birthdate: "1940-12-09", gender: "female" });

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the patient form machine", () => {
  it("marks every invalid field at once and calls nothing", () => {
    const actor = start();
    type(actor, { last_name: "H" });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(["birthdate", "email", "first_name", "gender", "last_name"]);
    expect(actor.getSnapshot().value).toBe("filling");
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("checks the postal code as it is typed and when another country is picked; an edit drops only its field's message", () => {
    const actor = start();
    type(actor, { zip_code: "12345" });
    expect(actor.getSnapshot().context.errors.zip_code).toBe("Country must be selected to validate postal code");
    pick(actor, "country", US);
    type(actor, { zip_code: "1234" });
    expect(actor.getSnapshot().context.errors.zip_code).toBe("Invalid postal code for United States");
    type(actor, { zip_code: "123-4567" });
    pick(actor, "country", GERMANY);
    expect(actor.getSnapshot().context.errors.zip_code).toBe("Invalid postal code for Germany");
    type(actor, { zip_code: "" });
    expect(actor.getSnapshot().context.errors.zip_code).toBeUndefined();
  });

  it("empties the state and city when another country is picked", () => {
    const actor = start(record("active"));
    pick(actor, "country", GERMANY);
    expect(actor.getSnapshot().context.draft).toMatchObject({ country: GERMANY, state: null, city: null });
  });

  it("sends the new patient with the draft and ends done", async () => {
    const actor = start();
    fill(actor);
    fakes.resolveNext("submitForm", { id: 12 });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.submitForm[0]?.value).toMatchObject({ kind: "create", body: { first_name: "Grace", staff: null } });
    expect(fakes.calls.submitForm[0]?.draft.first_name).toBe("  Grace ");
    expect(fakes.calls.submitForm[0]?.basis).toBeNull();
  });

  it("says nothing changed on an edit that changes nothing, and sends nothing", () => {
    const actor = start(record("active"));
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(actor.getSnapshot().context.unchanged).toBe(true);
    expect(NOTHING_TO_SAVE).toBe("Nothing has changed, so there is nothing to save.");
    type(actor, { first_name: "Augusta" });
    expect(actor.getSnapshot().context.unchanged).toBe(false);
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("puts a server failure on its field (contact_info.zip_code is the postal code) or in the failure, keeping what was typed", async () => {
    const actor = start();
    fill(actor);
    fakes.rejectNext("submitForm", { code: "ERROR_021", message: "The email already exists", status: 400, field: "email" });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    const failed = await waitFor(actor, (s) => s.matches("filling") && s.context.errors.email !== undefined);
    expect(failed.context.errors.email).toBe("The email already exists");
    expect(failed.context.draft.first_name).toBe("  Grace ");
    fakes.rejectNext("submitForm", { code: "ERROR_076", message: "Invalid postal code", status: 400, field: "contact_info.zip_code" });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect((await waitFor(actor, (s) => s.matches("filling") && s.context.errors.zip_code !== undefined)).context.errors).toEqual({ zip_code: "Invalid postal code" });
    const offline = { code: "ERROR_001", message: "An error occurred", status: 500 };
    fakes.rejectNext("submitForm", offline);
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect((await waitFor(actor, (s) => s.matches("filling") && s.context.failure !== null)).context.failure).toEqual(offline);
  });

  it("keeps typing while a save is out", async () => {
    const actor = start();
    fill(actor);
    fakes.rejectNext("submitForm", { code: "ERROR_001", message: "An error occurred", status: 500 });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(actor.getSnapshot().value).toBe("submitting");
    type(actor, { last_name: "Hopper-King" });
    const back = await waitFor(actor, (s) => s.matches("filling"));
    expect(back.context.draft.last_name).toBe("Hopper-King");
    expect(fakes.calls.submitForm[0]?.draft.last_name).toBe("Hopper");
  });
});
