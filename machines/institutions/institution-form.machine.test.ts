import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { type InstitutionDraft, institutionDraftOf, type InstitutionFormValue } from "../../domain/institutions/institution-form.ts";
import { withDomainRowAdded } from "../../domain/institutions/institution-domain-rows.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { createInstitutionFormMachine } from "./institution-form.machine.ts";

// The institution form on the create-form machine: the domain's check (a name, each domain on its
// row) before any call, a refusal naming a field (a domain by its place among those sent) under
// it, any other kept as the form's with everything typed.
type Io = { submitForm: { input: SubmitFormInput<InstitutionDraft, InstitutionFormValue>; output: unknown } };
let fakes = createScriptedActors<Io>(["submitForm"]);
const NOW = new Date("2026-11-29T12:00:00Z");

const start = (withBillingSettings = false) => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  const draft = institutionDraftOf({ name: "", allowed_domains: [], description: "" });
  return createActor(createInstitutionFormMachine({ withBillingSettings }).provide({ actors: fakes.actors }), { input: { draft } }).start();
};
type Actor = ReturnType<typeof start>;
const change = (actor: Actor, field: keyof InstitutionDraft & string, value: string) => actor.send({ type: "form.change", field, value });
/** Types the domains into rows, adding rows as needed. */
const typeDomains = (actor: Actor, domains: readonly string[]) =>
  domains.forEach((domain, index) => {
    if (index > 0) change(actor, "domain_rows", withDomainRowAdded(actor.getSnapshot().context.draft).rows);
    const keys = actor.getSnapshot().context.draft.domain_rows.split(",");
    change(actor, `domain_${Number(keys.at(-1))}`, domain);
  });

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the institution form machine", () => {
  it("checks the name and each domain on its row, calls nothing, and any domain change settles every domain's message", () => {
    const actor = start();
    typeDomains(actor, ["lakeside.org", "LAKESIDE.org", "not a domain"]);
    actor.send({ type: "form.submit", now: NOW });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(["domain_1", "domain_2", "name"]);
    expect(actor.getSnapshot().value).toBe("filling");
    change(actor, "domain_0", "riverside.org");
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["name"]);
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("puts a refused domain on the row it was typed in, and a refusal of the whole form in failure, keeping what was typed", async () => {
    const actor = start();
    change(actor, "name", "Lakeside Rehab");
    typeDomains(actor, ["", "lakeside.org", "taken.org"]);
    fakes.rejectNext("submitForm", { code: "ERROR_031", message: "The domain already exists", status: 400, field: "allowed_domains.1" });
    actor.send({ type: "form.submit", now: NOW });
    const refused = await waitFor(actor, (s) => s.matches("filling"));
    expect(refused.context.errors).toEqual({ domain_2: "The domain already exists" });
    const offline = { code: "ERROR_001", message: "Could not reach the server.", status: 0 };
    fakes.rejectNext("submitForm", offline);
    actor.send({ type: "form.submit", now: NOW });
    const again = await waitFor(actor, (s) => s.matches("filling") && s.context.failure !== null);
    expect(again.context.failure).toEqual(offline);
    expect(again.context.errors).toEqual({});
    expect(again.context.draft).toMatchObject({ name: "Lakeside Rehab", domain_0: "", domain_1: "lakeside.org", domain_2: "taken.org" });
  });

  it("sends the checked fields, with the billing settings on the edit form, and rests in done", async () => {
    const actor = start(true);
    change(actor, "name", " Lakeside Rehab ");
    typeDomains(actor, [" lakeside.org "]);
    change(actor, "time_zone", "Europe/Berlin");
    change(actor, "rtm_supply_kind", "respiratory");
    fakes.resolveNext("submitForm", { id: 9 });
    actor.send({ type: "form.submit", now: NOW });
    const done = await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.submitForm[0]?.value).toEqual({
      name: "Lakeside Rehab",
      allowed_domains: ["lakeside.org"],
      description: "",
      time_zone: "Europe/Berlin",
      rtm_supply_kind: "respiratory",
    });
    expect(done.context.created).toEqual({ id: 9 });
  });
});
