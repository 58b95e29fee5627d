import { useActorRef, useSelector } from "@xstate/react";
import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import { useLocation } from "wouter";
import type { ReviewQueueSession } from "../../../domain/review-queue/index.ts";
import { reviewWorkdayMachine, type ReviewWorkdayEvent, SHORTCUT_EVENT } from "../../../machines/session-review/review-workday.machine.ts";
import { pendingSessionHref } from "../review-queue/index.ts";
import { OFFER_LINK, type QueueNeighbours, type ReviewWalk, useNextAfterReview } from "./review-navigation.tsx";
import { editFocusedAttempt, moveAttemptFocus, useReviewShortcuts } from "./review-shortcuts.tsx";

/** What the session page renders of its workday, and the events it sends. */
export type ReviewWorkday = {
  /** Marked reviewed on this page: the page offers `afterReview`, where the walk goes on. */
  readonly reviewedHere: boolean;
  readonly afterReview: ReviewQueueSession | null | undefined;
  readonly helpOpen: boolean;
  readonly challengePage: number;
  /** The attempts' section, where j, k and e find the attempts. */
  readonly attempts: RefObject<HTMLElement | null>;
  /** The review mark's section, where r finds its first action. */
  readonly reviewRegion: RefObject<HTMLElement | null>;
  readonly send: (event: ReviewWorkdayEvent) => void;
  /** Tells the workday the offer after the mark is on the page: the first time after a mark, it takes the focus. */
  readonly offerShown: () => void;
};

// Binds the review workday machine (docs/machines/review-workday.md) to the page: the shortcut keys
// become the machine's events, and what it emits moves the focus in the page's sections or goes to
// another session's address. The machine has no effects to provide: what it asks for needs the
// page's elements and the walk's latest answers, so the page does it where it listens (as the
// attempt editor's saved answer, use-attempt-editing.ts). The walk's steps (`neighbours`, where n
// and p go) come from the page, which asks them with the session's own read.
export function useReviewWorkday(walk: ReviewWalk, neighbours: QueueNeighbours): ReviewWorkday {
  const attempts = useRef<HTMLElement>(null);
  const reviewRegion = useRef<HTMLElement>(null);
  const [, navigate] = useLocation();
  const actor = useActorRef(reviewWorkdayMachine);
  const reviewedHere = useSelector(actor, (snapshot) => snapshot.matches({ review: "reviewedHere" }));
  const helpOpen = useSelector(actor, (snapshot) => snapshot.matches({ help: "open" }));
  const challengePage = useSelector(actor, (snapshot) => snapshot.context.challengePage);
  const afterReview = useNextAfterReview(walk, neighbours, reviewedHere);
  const next = neighbours.next.data?.session;
  const previous = neighbours.previous.data?.session;
  const { scope, only } = walk;
  // Subscribed once: the offer's first showing (a child's effect) is emitted in the same commit as
  // the new answer, when the steps' subscription below is being renewed and would miss it. Both
  // subscriptions are layout effects, as the shortcuts' listener (review-shortcuts.tsx): what a key
  // asks for is heard from the commit that shows the page, and n goes to the neighbour on screen.
  useLayoutEffect(() => {
    const subscriptions = [
      actor.on("page.focusAttempt", (event) => moveAttemptFocus(attempts.current, event.direction)),
      actor.on("page.editFocusedAttempt", () => editFocusedAttempt(attempts.current)),
      actor.on("page.focusReviewActions", () => reviewRegion.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus()),
      actor.on("page.focusOffer", () => focusOffer(reviewRegion.current)),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor]);
  useLayoutEffect(() => {
    const steps = { next, previous, afterReview };
    const subscription = actor.on("page.goToSession", (event) => {
      const session = steps[event.step];
      if (session !== null && session !== undefined) navigate(pendingSessionHref(session, scope, only));
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, next, previous, afterReview, scope, only]);
  useReviewShortcuts((command) => actor.send(SHORTCUT_EVENT[command]));
  const send = useCallback((event: ReviewWorkdayEvent) => actor.send(event), [actor]);
  const offerShown = useCallback(() => actor.send({ type: "offer.shown" }), [actor]);
  return { reviewedHere, afterReview, helpOpen, challengePage, attempts, reviewRegion, send, offerShown };
}

// The offer's link takes the focus if the SLP is still where the mark was pressed (the review
// region, or nowhere): had they moved on while the next session was being found, it stays there.
function focusOffer(region: HTMLElement | null) {
  const here = document.activeElement;
  if (region === null || (here !== null && here !== document.body && !region.contains(here))) return;
  region.querySelector<HTMLElement>(OFFER_LINK)?.focus();
}
