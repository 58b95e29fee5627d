import { afterEach, describe, expect, it } from "vitest";
import { phoneNumbers } from "../../domain/shared/validators/phone.ts";
import { createActor, waitFor } from "xstate";
import { PHONE_REMOVAL, type ProfileDraft, profileDraftOf, type ProfileSave } from "../../domain/account/profile-form.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { profileFormMachine } from "./profile-form.machine.ts";

/** The phone rule the page sends with a submit. */
const PHONE_TOOLS = { phoneNumbers };

// Settings > Profile on the create-form machine: a save of what changed, started again from the
// saved record; nothing changed sends nothing; a refusal under its field (a phone code under the
// phone) or in the alert, every typed value kept; the phone's removal sent without the check.
type Io = { submitForm: { input: SubmitFormInput<ProfileDraft, ProfileSave, CurrentUser>; output: CurrentUser } };
let fakes = createScriptedActors<Io>(["submitForm"]);
const NOW = new Date("2026-11-25T12:00:00Z");
const user = { first_name: "Ann", last_name: "Lee", version: 4, phone: "+14155550100" } as unknown as CurrentUser;

const start = () => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  return createActor(profileFormMachine.provide({ actors: fakes.actors }), { input: { draft: profileDraftOf(user), basis: user } }).start();
};

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the profile form machine", () => {
  it("saves what changed naming the record, then starts again from the saved record", async () => {
    const actor = start();
    actor.send({ type: "form.change", field: "last_name", value: "Leigh" });
    const saved = { ...user, last_name: "Leigh", version: 5 } as CurrentUser;
    fakes.resolveNext("submitForm", saved);
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(fakes.calls.submitForm[0]?.value).toEqual({ body: { last_name: "Leigh" }, done: "Profile saved" });
    expect(fakes.calls.submitForm[0]?.basis.version).toBe(4);
    const again = await waitFor(actor, (s) => s.matches("filling") && s.context.basis === saved);
    expect(again.context.draft).toEqual({ first_name: "Ann", last_name: "Leigh", phone: "" });
    // The record it starts again from is what the next check measures against.
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(actor.getSnapshot().context.unchanged).toBe(true);
  });

  it("says so when nothing changed, and asks for no save", () => {
    const actor = start();
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(actor.getSnapshot().context.unchanged).toBe(true);
    expect(actor.getSnapshot().value).toBe("filling");
  });

  it("keeps every typed value when the server refuses, putting its message on the field or in the failure", async () => {
    const actor = start();
    actor.send({ type: "form.change", field: "phone", value: "(415) 555-2671" });
    fakes.rejectNext("submitForm", { code: "ERROR_021", message: "The phone number already exists", status: 400 });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    const refused = await waitFor(actor, (s) => s.matches("filling"));
    expect(refused.context.draft.phone).toBe("(415) 555-2671");
    expect(refused.context.errors).toEqual({ phone: "The phone number already exists" });
    const failure = { code: "ERROR_001", message: "An error occurred", status: 500 };
    fakes.rejectNext("submitForm", failure);
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect((await waitFor(actor, (s) => s.matches("filling") && s.context.failure !== null)).context.failure).toEqual(failure);
  });

  it("drops a field's message once it is edited, and keeps the others", () => {
    const actor = start();
    actor.send({ type: "form.change", field: "first_name", value: "A" });
    actor.send({ type: "form.change", field: "last_name", value: "" });
    actor.send({ type: "form.submit", now: NOW, tools: PHONE_TOOLS });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["first_name", "last_name"]);
    actor.send({ type: "form.change", field: "first_name", value: "Ana" });
    expect(actor.getSnapshot().context.errors.first_name).toBeUndefined();
    expect(actor.getSnapshot().context.errors.last_name).toBe("The last name is required");
  });

  it("removes the phone without checking the typed fields", async () => {
    const actor = start();
    actor.send({ type: "form.change", field: "first_name", value: "" });
    fakes.resolveNext("submitForm", { ...user, phone: null } as CurrentUser);
    actor.send({ type: "form.send", value: PHONE_REMOVAL });
    expect(fakes.calls.submitForm[0]?.value).toEqual({ body: { phone: null }, done: "Phone number removed" });
    await waitFor(actor, (s) => s.matches("filling") && s.context.draft.first_name === "Ann");
  });
});
