import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { type AdministratorCreateDraft, type CheckedAdministrator, EMPTY_ADMINISTRATOR_DRAFT } from "../../domain/administrators/administrator-create-form.ts";
import type { Administrator } from "../../domain/administrators/administrators-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { createAdministratorCreateMachine } from "./administrator-create.machine.ts";

// The new-administrator form on the create-form machine: the domain's check (names, the address at
// an allowed domain, a role) before any call, a refusal naming a field under it, any other kept as
// the form's, everything typed kept.
type Io = { submitForm: { input: SubmitFormInput<AdministratorCreateDraft, CheckedAdministrator>; output: Administrator } };
let fakes = createScriptedActors<Io>(["submitForm"]);
const NOW = new Date("2026-11-29T12:00:00Z");
const saved = { id: 41 } as unknown as Administrator;

const start = (allowedDomains: readonly string[] = ["riverside.test"]) => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  return createActor(createAdministratorCreateMachine({ allowedDomains }).provide({ actors: fakes.actors }), { input: { draft: EMPTY_ADMINISTRATOR_DRAFT } }).start();
};
const fill = (actor: ReturnType<typeof start>, draft: Partial<AdministratorCreateDraft>) => {
  for (const [field, value] of Object.entries(draft)) actor.send({ type: "form.change", field: field as keyof AdministratorCreateDraft, value });
};

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the new-administrator form machine", () => {
  it("checks every field at once and calls nothing while one is wrong", () => {
    const actor = start();
    fill(actor, { first_name: "Omar", email: "omar@elsewhere.test" });
    actor.send({ type: "form.submit", now: NOW });
    const { errors } = actor.getSnapshot().context;
    expect(Object.keys(errors).sort()).toEqual(["email", "last_name", "role"]);
    expect(errors.role).toMatch(/role/i);
    expect(actor.getSnapshot().value).toBe("filling");
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("takes any address when the institution allows every domain", async () => {
    const actor = start([]);
    fill(actor, { first_name: "Omar", last_name: "Haddad", email: "omar@elsewhere.test", role: "staff_admin" });
    fakes.resolveNext("submitForm", saved);
    actor.send({ type: "form.submit", now: NOW });
    const done = await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.submitForm[0]?.value).toEqual({ first_name: "Omar", last_name: "Haddad", email: "omar@elsewhere.test", role: "staff_admin" });
    expect(done.context.created).toBe(saved);
  });

  it("puts the server's refusal of the address under it, and a refusal of the whole form in failure, keeping what was typed", async () => {
    const actor = start();
    fill(actor, { first_name: "Omar", last_name: "Haddad", email: "omar@riverside.test", role: "institution_admin" });
    fakes.rejectNext("submitForm", { code: "ERROR_021", message: "This email is already in use.", status: 400, field: "email" });
    actor.send({ type: "form.submit", now: NOW });
    const refused = await waitFor(actor, (s) => s.matches("filling"));
    expect(refused.context.errors).toEqual({ email: "This email is already in use." });
    const offline = { code: "ERROR_001", message: "Could not reach the server.", status: 0 };
    fakes.rejectNext("submitForm", offline);
    actor.send({ type: "form.submit", now: NOW });
    const again = await waitFor(actor, (s) => s.matches("filling") && s.context.failure !== null);
    expect(again.context.failure).toEqual(offline);
    expect(again.context.draft).toEqual({ first_name: "Omar", last_name: "Haddad", email: "omar@riverside.test", role: "institution_admin" });
  });
});
