import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { type CheckedInvitationAccept, EMPTY_INVITATION_ACCEPT_DRAFT, type InvitationAcceptDraft } from "../../domain/invitations/invitation-accept-form.ts";
import type { AcceptedInvitation } from "../../domain/invitations/invitation-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { invitationAcceptMachine } from "./invitation-accept.machine.ts";

// The invitation-accept form on the create-form machine: the password rules before any call, a
// refusal naming a password field under it, any other (the token's) kept as the form's failure.
type Io = { submitForm: { input: SubmitFormInput<InvitationAcceptDraft, CheckedInvitationAccept>; output: AcceptedInvitation } };
let fakes = createScriptedActors<Io>(["submitForm"]);
const NOW = new Date("2026-11-03T09:00:00Z");
const accepted = { email: "rosa.diaz@clinic.org" } as AcceptedInvitation;
const GOOD: InvitationAcceptDraft = { new_password: "battery staple 9", new_password_confirmation: "battery staple 9" };

const start = () => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  return createActor(invitationAcceptMachine.provide({ actors: fakes.actors }), { input: { draft: EMPTY_INVITATION_ACCEPT_DRAFT } }).start();
};
const fill = (actor: ReturnType<typeof start>, draft: Partial<InvitationAcceptDraft>) => {
  for (const [field, value] of Object.entries(draft)) actor.send({ type: "form.change", field: field as keyof InvitationAcceptDraft, value });
};

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the invitation-accept form machine", () => {
  it("checks both passwords and calls nothing while one is wrong; a change clears that field's message", () => {
    const actor = start();
    fill(actor, { new_password: "short", new_password_confirmation: "shorter" });
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().context.errors).toEqual({
      new_password: "The password must be at least 8 characters long",
      new_password_confirmation: expect.any(String),
    });
    expect(actor.getSnapshot().value).toBe("filling");
    fill(actor, { new_password_confirmation: "short" });
    expect(actor.getSnapshot().context.errors.new_password_confirmation).toBeUndefined();
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("puts a refused password under its field, and a refused token in failure, keeping what was typed", async () => {
    const actor = start();
    fill(actor, GOOD);
    fakes.rejectNext("submitForm", { code: "ERROR_007", message: "The provided password did not meet the required criteria", status: 400, field: "new_password" });
    actor.send({ type: "form.submit", now: NOW });
    const refused = await waitFor(actor, (s) => s.matches("filling"));
    expect(refused.context.errors).toEqual({ new_password: "The provided password did not meet the required criteria" });
    const used = { code: "ERROR_056", message: "used_token", status: 400, field: "token" };
    fakes.rejectNext("submitForm", used);
    actor.send({ type: "form.submit", now: NOW });
    const again = await waitFor(actor, (s) => s.matches("filling") && s.context.failure !== null);
    expect(again.context.failure).toEqual(used);
    expect(again.context.errors).toEqual({});
    expect(again.context.draft).toEqual(GOOD);
  });

  it("sends the passwords as typed and rests in done with the address to sign in with", async () => {
    const actor = start();
    fill(actor, GOOD);
    fakes.resolveNext("submitForm", accepted);
    actor.send({ type: "form.submit", now: NOW });
    const done = await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.submitForm[0]?.value).toEqual(GOOD);
    expect(done.context.created).toBe(accepted);
  });
});
