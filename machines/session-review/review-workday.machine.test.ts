import { describe, expect, it } from "vitest";
import { createActor, type AnyMachineSnapshot } from "xstate";
import { REVIEW_COMMAND, REVIEW_SHORTCUTS } from "../../domain/session-review/review-shortcuts.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import { reviewWorkdayMachine, type ReviewWorkdayEmitted, type ReviewWorkdayEvent, SHORTCUT_EVENT } from "./review-workday.machine.ts";

// The session page's workday: help, "reviewed here", the page of challenges, and what each
// shortcut asks the page to do (the machine only emits it; the page moves the focus or navigates).
const start = () => {
  const actor = createActor(reviewWorkdayMachine).start();
  const asked: ReviewWorkdayEmitted[] = [];
  actor.on("*", (event) => asked.push(event));
  return { actor, asked };
};

describe("the review workday", () => {
  it("opens on a closed help, a session not reviewed here, and the first page of challenges", () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toEqual({ help: "closed", review: "notReviewedHere" });
    expect(actor.getSnapshot().context.challengePage).toBe(1);
  });

  it("opens the help from the button or the ? key, and closes it", () => {
    const { actor, asked } = start();
    actor.send({ type: "help.open" });
    expect(actor.getSnapshot().matches({ help: "open" })).toBe(true);
    actor.send({ type: "help.close" });
    expect(actor.getSnapshot().matches({ help: "closed" })).toBe(true);
    actor.send(SHORTCUT_EVENT[REVIEW_COMMAND.help]);
    expect(actor.getSnapshot().matches({ help: "open" })).toBe(true);
    expect(asked).toEqual([]);
  });

  it("sends every shortcut as an event of its own", () => {
    expect(REVIEW_SHORTCUTS.map((shortcut) => SHORTCUT_EVENT[shortcut.command].type)).toEqual([
      "attempt.next",
      "attempt.previous",
      "attempt.edit",
      "session.next",
      "session.previous",
      "review.focus",
      "help.open",
    ]);
  });

  it("asks the page to move among the attempts, edit the focused one and go to the review actions", () => {
    const { actor, asked } = start();
    for (const command of [REVIEW_COMMAND.nextAttempt, REVIEW_COMMAND.previousAttempt, REVIEW_COMMAND.editAttempt, REVIEW_COMMAND.reviewActions]) actor.send(SHORTCUT_EVENT[command]);
    expect(asked).toEqual([
      { type: "page.focusAttempt", direction: 1 },
      { type: "page.focusAttempt", direction: -1 },
      { type: "page.editFocusedAttempt" },
      { type: "page.focusReviewActions" },
    ]);
  });

  it("goes to the next pending session until the session is marked reviewed here, then to the one offered after the mark", () => {
    const { actor, asked } = start();
    actor.send({ type: "session.next" });
    actor.send({ type: "session.previous" });
    actor.send({ type: "review.marked", reviewed: true });
    expect(actor.getSnapshot().matches({ review: "reviewedHere" })).toBe(true);
    actor.send({ type: "session.next" });
    actor.send({ type: "session.previous" });
    expect(asked.map((event) => (event.type === "page.goToSession" ? event.step : event.type))).toEqual(["next", "previous", "afterReview", "previous"]);
  });

  it("forgets the mark when the review is reopened on the page, and ignores a mark that changes nothing", () => {
    const { actor } = start();
    actor.send({ type: "review.marked", reviewed: false });
    expect(actor.getSnapshot().matches({ review: "notReviewedHere" })).toBe(true);
    actor.send({ type: "review.marked", reviewed: true });
    actor.send({ type: "review.marked", reviewed: true });
    expect(actor.getSnapshot().matches({ review: "reviewedHere" })).toBe(true);
    actor.send({ type: "review.marked", reviewed: false });
    expect(actor.getSnapshot().matches({ review: "notReviewedHere" })).toBe(true);
  });

  it("asks the page to focus the offer once per mark: later showings (the queue answering again) leave the focus alone", () => {
    const { actor, asked } = start();
    // No mark on this page: nothing is offered, nothing focused.
    actor.send({ type: "offer.shown" });
    actor.send({ type: "review.marked", reviewed: true });
    actor.send({ type: "offer.shown" });
    actor.send({ type: "offer.shown" });
    actor.send({ type: "offer.shown" });
    expect(asked).toEqual([{ type: "page.focusOffer" }]);
    expect(actor.getSnapshot().matches({ review: { reviewedHere: "offerFocused" } })).toBe(true);
    // A mark that changes nothing is no new offer.
    actor.send({ type: "review.marked", reviewed: true });
    actor.send({ type: "offer.shown" });
    expect(asked).toHaveLength(1);
    // Reopened and marked again: the SLP's new mark brings a new offer, which takes the focus once more.
    actor.send({ type: "review.marked", reviewed: false });
    actor.send({ type: "review.marked", reviewed: true });
    actor.send({ type: "offer.shown" });
    actor.send({ type: "offer.shown" });
    expect(asked).toEqual([{ type: "page.focusOffer" }, { type: "page.focusOffer" }]);
  });

  it("keeps the page of challenges, whatever else holds", () => {
    const { actor } = start();
    actor.send({ type: "help.open" });
    actor.send({ type: "challenges.page", page: 3 });
    expect(actor.getSnapshot().context.challengePage).toBe(3);
    expect(actor.getSnapshot().matches({ help: "open" })).toBe(true);
  });
});

describe("the review workday, explored with @xstate/graph", () => {
  const events: readonly ReviewWorkdayEvent[] = [
    { type: "help.open" },
    { type: "help.close" },
    { type: "review.marked", reviewed: true },
    { type: "review.marked", reviewed: false },
    { type: "challenges.page", page: 2 },
    { type: "attempt.next" },
    { type: "attempt.previous" },
    { type: "attempt.edit" },
    { type: "session.next" },
    { type: "session.previous" },
    { type: "review.focus" },
    { type: "offer.shown" },
  ];
  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, page: snapshot.context.challengePage });
  const coverage = exploreCoverage(reviewWorkdayMachine, { events, serializeState });

  it("reaches every state node and takes every transition", () => {
    expect(coverage.stateIds).toEqual([
      "reviewWorkday.help",
      "reviewWorkday.help.closed",
      "reviewWorkday.help.open",
      "reviewWorkday.review",
      "reviewWorkday.review.notReviewedHere",
      "reviewWorkday.review.reviewedHere",
      "reviewWorkday.review.reviewedHere.offerComing",
      "reviewWorkday.review.reviewedHere.offerFocused",
    ]);
    expect(coverage.unreachedStateIds).toEqual([]);
    expect(coverage.untakenTransitionKeys).toEqual([]);
  });
});
