import { afterEach, describe, expect, it } from "vitest";
import { phoneNumbers } from "../../domain/shared/validators/phone.ts";
import { createActor, waitFor } from "xstate";
import { PlaceId, RoleId, StaffId } from "../../domain/shared/ids.ts";
import type { Place } from "../../domain/shared/wire/place.ts";
import { EMPTY_STAFF_DRAFT, type StaffDraft, staffDraftOf, type StaffFormBasis, type StaffSave } from "../../domain/slps/staff-form.ts";
import type { StaffMember } from "../../domain/slps/staff-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { staffFormMachine } from "./staff-form.machine.ts";

/** The phone rule the page sends with a submit. */
const PHONE_TOOLS = { phoneNumbers };

// The SLP form on the create-form machine: the domain's check with the institution's domains, the
// postal code checked as typed, an edit with nothing changed sending nothing, and a refusal under
// its field (contact_info.phone is the phone) or as the form's, nothing typed lost.
type Io = { submitForm: { input: SubmitFormInput<StaffDraft, StaffSave, StaffFormBasis>; output: unknown } };
let fakes = createScriptedActors<Io>(["submitForm"]);
const NOW = new Date("2026-11-25T12:00:00Z");
const US: Place = { id: PlaceId.make(1), name: "United States", code2: "US", alternate_names: [] };

const member = (status: StaffMember["status"]): StaffMember => ({
  id: StaffId.make(12),
  first_name: "Ann",
  last_name: "Lee",
  email: "ann@clinic.org",
  status,
  created_at: "2023-11-02T14:00:00Z",
  invitation: null,
  version: 3,
  caseload: { patients: 0, active_patients: 0 },
  groups: [],
  role: { id: RoleId.make(4), title: "SLP", code_name: "staff" },
  contact_info: { address_1: "1 Main St", address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
});

const start = (record: StaffMember | null = null, allowedDomains: readonly string[] = []) => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  const draft = record === null ? EMPTY_STAFF_DRAFT : staffDraftOf(record);
  return createActor(staffFormMachine.provide({ actors: fakes.actors }), { input: { draft, basis: { record, allowedDomains } } }).start();
};
type Actor = ReturnType<typeof start>;
const type = (actor: Actor, draft: Partial<Record<"first_name" | "last_name" | "email" | "phone" | "zip_code", string>>) => {
  for (const [field, value] of Object.entries(draft)) actor.send({ type: "form.change", field: field as keyof StaffDraft & string, value });
};

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the SLP form machine", () => {
  it("marks every bad field at once, with the institution's domains, and calls nothing", () => {
    const actor = start(null, ["clinic.org"]);
    type(actor, { first_name: "Ann", email: "ann@gmail.com" });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(actor.getSnapshot().context.errors).toEqual({ last_name: "The last name is required", email: "The email does not belong to the institution" });
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("checks the postal code against the chosen country as it is typed", () => {
    const actor = start();
    actor.send({ type: "form.change", field: "country", value: US });
    type(actor, { zip_code: "ABC" });
    expect(actor.getSnapshot().context.errors.zip_code).toBe("Invalid postal code for United States");
    type(actor, { zip_code: "94110" });
    expect(actor.getSnapshot().context.errors.zip_code).toBeUndefined();
  });

  it("says nothing changed on an edit that changes nothing, and sends nothing", () => {
    const actor = start(member("active"));
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(actor.getSnapshot().context.unchanged).toBe(true);
    expect(actor.getSnapshot().value).toBe("filling");
  });

  it("sends an edit's changes with the draft, and ends done", async () => {
    const actor = start(member("active"));
    type(actor, { last_name: "Lee-Park" });
    fakes.resolveNext("submitForm", undefined);
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.submitForm[0]?.value).toEqual({ kind: "update", body: { last_name: "Lee-Park" } });
    expect(fakes.calls.submitForm[0]?.draft.last_name).toBe("Lee-Park");
  });

  it("puts a server refusal on the field it names, else in the failure, keeping what was typed", async () => {
    const actor = start();
    type(actor, { first_name: "Ann", last_name: "Lee", email: "ann@clinic.org", phone: "415 555 2671" });
    fakes.rejectNext("submitForm", { code: "ERROR_021", message: "The phone number already exists", status: 400, field: "contact_info.phone" });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    const refused = await waitFor(actor, (s) => s.matches("filling"));
    expect(refused.context.errors.phone).toBe("The phone number already exists");
    const offline = { code: "ERROR_001", message: "An error occurred", status: 500 };
    fakes.rejectNext("submitForm", offline);
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    const failed = await waitFor(actor, (s) => s.matches("filling") && s.context.failure !== null);
    expect(failed.context.failure).toEqual(offline);
    expect(failed.context.draft.phone).toBe("415 555 2671");
  });
});
