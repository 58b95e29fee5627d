import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import type { MonthState } from "../../domain/billing/month-close-wire.ts";
import { lockAvailability } from "../../domain/billing/month-end-view.ts";

// Locking a month at month-end (issue 24, docs/billing.md "Month-end"): an administrative act that
// cannot be undone from the portal, so it is asked, confirmed, then sent. It has no field to fill,
// so it is not a create-form: the domain's rule is whether the month may be locked at all.

export type MonthLockContext = {
  /** The month asked about (the one the confirmation names and the lock sends). */
  readonly month: string | null;
  /** Why the last lock failed, shown on the page until a lock goes through. */
  readonly failure: unknown;
};

export type MonthLockEvent =
  /** Lock month pressed, with the month's state as the page shows it (the domain says whether it may be locked). */
  | { readonly type: "lock.ask"; readonly state: MonthState }
  | { readonly type: "lock.confirm" }
  /** The confirmation dismissed; while the lock runs this only hides it, the lock still answers. */
  | { readonly type: "lock.cancel" };

/** What `lockMonth` is given. */
export type LockMonthInput = { readonly month: string };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

export const monthLockMachine = setup({
  types: { context: {} as MonthLockContext, events: {} as MonthLockEvent },
  actors: {
    // Provided by the page (POST rtm/months/{month}/lock/); the placeholder fails loudly.
    lockMonth: fromPromise<unknown, LockMonthInput>(() => Promise.reject(new Error('monthLock actor "lockMonth" was not provided'))),
  },
  guards: {
    mayLock: ({ event }) => event.type === "lock.ask" && lockAvailability(event.state).enabled,
  },
  actions: {
    ask: assign(({ event }) => (event.type === "lock.ask" ? { month: event.state.month } : {})),
    // Provided by the page: it confirms the lock to the person.
    locked: (_args, _month: string) => {},
    rememberFailure: assign((_args, failure: unknown) => ({ failure })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: "monthLock",
  context: { month: null, failure: null },
  initial: "idle",
  states: {
    idle: {
      on: { "lock.ask": { guard: "mayLock", target: "confirming", actions: "ask" } },
    },
    confirming: {
      on: { "lock.confirm": "locking", "lock.cancel": "idle" },
    },
    locking: {
      initial: "shown",
      states: {
        shown: { on: { "lock.cancel": "hidden" } },
        hidden: {},
      },
      invoke: {
        id: "lockMonth",
        src: "lockMonth",
        input: ({ context }) => {
          if (context.month === null) throw new Error("monthLock: locking without a month");
          return { month: context.month };
        },
        onDone: { target: "idle", actions: ["forgetFailure", { type: "locked", params: ({ context }) => context.month ?? "" }] },
        onError: { target: "idle", actions: { type: "rememberFailure", params: errorOf } },
      },
    },
  },
});

export type MonthLockMachine = typeof monthLockMachine;

/** Whether the confirmation is shown: asked, or locking and not dismissed. */
export const isConfirmationOpen = (snapshot: SnapshotFrom<MonthLockMachine>): boolean =>
  snapshot.matches("confirming") || snapshot.matches({ locking: "shown" });
