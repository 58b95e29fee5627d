import { assign, emit, setup, type SnapshotFrom } from "xstate";
import { REVIEW_COMMAND, type ReviewCommand } from "../../domain/session-review/review-shortcuts.ts";

/** Where a step of the walk goes: the next or previous pending session, or the one offered after a review mark. */
export type SessionStep = "next" | "previous" | "afterReview";

export type ReviewWorkdayEvent =
  | { readonly type: "help.open" }
  | { readonly type: "help.close" }
  /** A review mark went through: whether the session is now reviewed. */
  | { readonly type: "review.marked"; readonly reviewed: boolean }
  /** The offer of where the walk goes on is on the page (each answer of the queue that offers a session). */
  | { readonly type: "offer.shown" }
  | { readonly type: "challenges.page"; readonly page: number }
  | { readonly type: "attempt.next" }
  | { readonly type: "attempt.previous" }
  | { readonly type: "attempt.edit" }
  | { readonly type: "session.next" }
  | { readonly type: "session.previous" }
  | { readonly type: "review.focus" };

/** The event each single-key shortcut sends (domain/session-review/review-shortcuts.ts says which key asks for which command). */
export const SHORTCUT_EVENT: Readonly<Record<ReviewCommand, ReviewWorkdayEvent>> = {
  [REVIEW_COMMAND.nextAttempt]: { type: "attempt.next" },
  [REVIEW_COMMAND.previousAttempt]: { type: "attempt.previous" },
  [REVIEW_COMMAND.editAttempt]: { type: "attempt.edit" },
  [REVIEW_COMMAND.nextSession]: { type: "session.next" },
  [REVIEW_COMMAND.previousSession]: { type: "session.previous" },
  [REVIEW_COMMAND.reviewActions]: { type: "review.focus" },
  [REVIEW_COMMAND.help]: { type: "help.open" },
};

/** What the machine asks of the page, as emitted events: the page's document and router do it. */
export type ReviewWorkdayEmitted =
  | { readonly type: "page.focusAttempt"; readonly direction: 1 | -1 }
  | { readonly type: "page.editFocusedAttempt" }
  | { readonly type: "page.focusReviewActions" }
  | { readonly type: "page.focusOffer" }
  | { readonly type: "page.goToSession"; readonly step: SessionStep };

export type ReviewWorkdayContext = {
  /** The page of challenges shown, from 1. */
  readonly challengePage: number;
};

/**
 * The reviewer's workday on one session page (issue 23's review loop; docs/session-review.md): the
 * shortcuts help open or closed, whether the session was marked reviewed on this page (then the
 * page offers the next pending session, and "next session" goes there; the offer takes the focus
 * once, when it first shows after the mark, never again on a later answer of the queue), the page
 * of challenges shown, and the shortcuts as events. What a shortcut does on the screen (move the focus, open an
 * editor, go to another session's address) is emitted for the page to do (`page.*`): the machine
 * says which, never touches the document. A page opened on another session starts a new workday.
 */
export const reviewWorkdayMachine = setup({
  types: {
    context: {} as ReviewWorkdayContext,
    events: {} as ReviewWorkdayEvent,
    emitted: {} as ReviewWorkdayEmitted,
  },
  actions: {
    focusAttempt: emit((_, direction: 1 | -1) => ({ type: "page.focusAttempt" as const, direction })),
    editFocusedAttempt: emit({ type: "page.editFocusedAttempt" }),
    focusReviewActions: emit({ type: "page.focusReviewActions" }),
    focusOffer: emit({ type: "page.focusOffer" }),
    goToSession: emit((_, step: SessionStep) => ({ type: "page.goToSession" as const, step })),
    showChallengePage: assign((_args: unknown, page: number) => ({ challengePage: page })),
  },
  guards: {
    markedReviewed: ({ event }) => event.type === "review.marked" && event.reviewed,
    reopened: ({ event }) => event.type === "review.marked" && !event.reviewed,
  },
}).createMachine({
  id: "reviewWorkday",
  type: "parallel",
  context: { challengePage: 1 },
  // The shortcuts that act the same whatever else holds.
  on: {
    "attempt.next": { actions: { type: "focusAttempt", params: 1 } },
    "attempt.previous": { actions: { type: "focusAttempt", params: -1 } },
    "attempt.edit": { actions: "editFocusedAttempt" },
    "session.previous": { actions: { type: "goToSession", params: "previous" } },
    "review.focus": { actions: "focusReviewActions" },
    "challenges.page": { actions: { type: "showChallengePage", params: ({ event }) => event.page } },
  },
  states: {
    help: {
      initial: "closed",
      states: {
        closed: { on: { "help.open": { target: "open" } } },
        open: { on: { "help.close": { target: "closed" } } },
      },
    },
    review: {
      initial: "notReviewedHere",
      states: {
        notReviewedHere: {
          on: {
            "review.marked": { guard: "markedReviewed", target: "reviewedHere" },
            "session.next": { actions: { type: "goToSession", params: "next" } },
          },
        },
        // Marked reviewed on this page: the page offers where the walk goes on, and n goes there too.
        reviewedHere: {
          initial: "offerComing",
          on: {
            "review.marked": { guard: "reopened", target: "notReviewedHere" },
            "session.next": { actions: { type: "goToSession", params: "afterReview" } },
          },
          states: {
            // The SLP's own mark asks for the offer: the first time it shows, it takes the focus so Enter goes on.
            offerComing: { on: { "offer.shown": { target: "offerFocused", actions: "focusOffer" } } },
            // The queue is read again (a refetch, a colleague's review) and the offer's words change,
            // but the focus stays where the SLP has put it since: data arriving never moves it.
            offerFocused: {},
          },
        },
      },
    },
  },
});

export type ReviewWorkdaySnapshot = SnapshotFrom<typeof reviewWorkdayMachine>;
