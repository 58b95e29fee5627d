import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { type CheckedRating, emptyRatingDraft, RATING_MESSAGES, type RatingDraft } from "../../domain/communication-ratings/rating-check.ts";
import type { CommunicationRatingsCreated } from "../../domain/communication-ratings/rating-wire.ts";
import type { SubmitFormInput } from "../shared/create-form.machine.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { createRatingFormMachine } from "./rating-form.machine.ts";

// The rating form on the create-form machine: the domain's check (a day not after today on the
// institution's calendar, at least one scale) before any call, a refusal naming a field kept under it.
const NOW = new Date("2026-03-02T03:00:00Z"); // 22:00 on 1 March in New York
const ZONE = "America/New_York";
type Io = { submitForm: { input: SubmitFormInput<RatingDraft, CheckedRating>; output: CommunicationRatingsCreated } };
let fakes = createScriptedActors<Io>(["submitForm"]);

const start = () => {
  fakes = createScriptedActors<Io>(["submitForm"]);
  return createActor(createRatingFormMachine({ timeZone: ZONE, today: "2026-03-01" }).provide({ actors: fakes.actors }), { input: { draft: emptyRatingDraft("2026-03-01") } }).start();
};
const settled = (actor: ReturnType<typeof start>) => waitFor(actor, (snapshot) => !snapshot.matches("submitting"));

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the rating form machine", () => {
  it("asks for an occasion and a scale before any call, and a level chosen settles the scales' message", () => {
    const actor = start();
    actor.send({ type: "form.submit", now: NOW });
    expect(actor.getSnapshot().context.errors).toEqual({ occasion: RATING_MESSAGES.occasion, levels: RATING_MESSAGES.levels });
    actor.send({ type: "form.change", field: "memory", value: "4" });
    expect(actor.getSnapshot().context.errors).toEqual({ occasion: RATING_MESSAGES.occasion });
    expect(fakes.calls.submitForm).toEqual([]);
  });

  it("sends the occasion, the day and only the scales rated, then starts again empty for the next rating", async () => {
    const actor = start();
    actor.send({ type: "form.change", field: "occasion", value: "evaluation" });
    actor.send({ type: "form.change", field: "memory", value: "4" });
    actor.send({ type: "form.change", field: "swallowing", value: "7" });
    fakes.resolveNext("submitForm", { ratings: [] });
    actor.send({ type: "form.submit", now: NOW });
    const again = await settled(actor);
    expect(again.matches("filling")).toBe(true);
    expect(again.context.draft).toEqual(emptyRatingDraft("2026-03-01"));
    expect(again.context.created).toEqual({ ratings: [] });
    expect(fakes.calls.submitForm[0]?.value).toEqual({ occasion: "evaluation", ratedOn: "2026-03-01", levels: { memory: 4, swallowing: 7 } });
  });

  it("keeps the server's refusal of the day under the date", async () => {
    const actor = start();
    actor.send({ type: "form.change", field: "occasion", value: "report" });
    actor.send({ type: "form.change", field: "reading", value: "2" });
    fakes.rejectNext("submitForm", { code: "ERROR_056", message: RATING_MESSAGES.ratedOnFuture, status: 400, field: "rated_on" });
    actor.send({ type: "form.submit", now: NOW });
    const refused = await settled(actor);
    expect(refused.context.errors).toEqual({ ratedOn: RATING_MESSAGES.ratedOnFuture });
    expect(refused.context.draft.reading).toBe("2");
  });
});
