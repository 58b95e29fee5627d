import { assign, cancel, type EventObject, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from "xstate";
import { countedMinutes, EMPTY_CLOCK, endStretch, isInactive, minutesByActivity, noteInput, startStretch, switchActivity, timerEntries, type WorkClock } from "../../domain/billing/work-timer.ts";
import type { SaveEntryInput, WorkTimerContext, WorkTimerEvent } from "./work-timer.types.ts";

export type { SaveEntryInput, TimedPatient, WorkTimerContext, WorkTimerEvent } from "./work-timer.types.ts";

/** Long enough for the next page of the same patient to load and show its bar, short enough that leaving saves soon. */
export const LEAVE_GRACE_MS = 15_000;
/** The beat that lets the timer notice the inactivity cut-off; the bar shows whole minutes only. */
export const TICK_MS = 1_000;
/** The id of the pending leave, so a bar that comes back cancels it. */
const PENDING_LEAVE = "pendingLeave";

const INITIAL_CONTEXT: WorkTimerContext = {
  patient: null,
  activity: "review",
  clock: EMPTY_CLOCK,
  now: 0,
  inactiveSince: null,
  pending: [],
  stoppedMinutes: 0,
  logged: [],
  leaving: false,
  failure: null,
  views: 0,
  leftAt: null,
};
const atOf = (event: WorkTimerEvent): number | null => ("at" in event ? event.at : null);
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const queued = (clock: WorkClock, at: number) => timerEntries(endStretch(clock, at));

/**
 * The work timer (issue 24, "Time capture"; docs/billing.md, "Timer"): counts treatment-management
 * time on one patient while the SLP uses the patient's pages, each stretch as the activity of the
 * page it ran on (review, or messaging on the patient's chat), stops itself after the inactivity
 * cut-off (time after the last input is not counted), and logs each activity's whole minutes as
 * time entries through `saveEntry`, which the page provides; under a minute logs nothing.
 */
export const workTimerMachine = setup({
  types: { context: INITIAL_CONTEXT, events: {} as WorkTimerEvent },
  actors: {
    // Provided by the page (the time log's POST); the placeholder fails loudly.
    saveEntry: fromPromise<unknown, SaveEntryInput>(() => Promise.reject(new Error('workTimer actor "saveEntry" was not provided'))),
    // The page's clock, beating `timer.tick { at }` every TICK_MS while the timer runs (machines read
    // no clock). The placeholder never beats: a test sends its ticks itself.
    ticker: fromCallback<EventObject>(() => () => undefined),
  },
  delays: { LEAVE_GRACE: LEAVE_GRACE_MS },
  guards: {
    inactive: ({ context, event }) => isInactive(context.clock, atOf(event) ?? context.now),
    nothingToLog: ({ context, event }) => queued(context.clock, atOf(event) ?? context.now).length === 0,
    moreToSave: ({ context }) => context.pending.length > 1,
    leaving: ({ context }) => context.leaving,
    lastView: ({ context }) => context.views <= 1,
  },
  actions: {
    begin: assign(({ context, event }) =>
      event.type === "timer.start"
        ? { ...INITIAL_CONTEXT, views: context.views, leftAt: context.leftAt, patient: event.patient, activity: event.activity, now: event.at, clock: startStretch(EMPTY_CLOCK, event.at, event.activity) }
        : {},
    ),
    // A bar of the patient came (back): a pending leave is called off.
    attachView: assign(({ context }) => ({ views: context.views + 1, leftAt: null })),
    cancelLeave: cancel(PENDING_LEAVE),
    // The bar shown now tells what the time is spent on; a running stretch of another activity ends and one of this starts.
    showPage: assign(({ context, event }) =>
      event.type === "timer.attach" ? { activity: event.activity, clock: switchActivity(context.clock, event.at, event.activity), now: Math.max(context.now, event.at) } : {},
    ),
    detachView: assign(({ context }) => ({ views: Math.max(0, context.views - 1) })),
    // The last bar went: the stretch will end at this moment unless a bar of the patient comes back within LEAVE_GRACE.
    awaitReturn: assign(({ context, event }) => ({ views: 0, leftAt: event.type === "timer.detach" ? event.at : context.now })),
    leaveAfterGrace: raise(({ context }) => ({ type: "timer.leave" as const, at: context.leftAt ?? context.now }), { id: PENDING_LEAVE, delay: "LEAVE_GRACE" }),
    resume: assign(({ context, event }) => {
      const at = atOf(event) ?? context.now;
      return { clock: startStretch(context.clock, at, context.activity), now: at, inactiveSince: null, failure: null };
    }),
    noteInput: assign(({ context, event }) => {
      const at = atOf(event) ?? context.now;
      return { clock: noteInput(context.clock, at), now: Math.max(context.now, at) };
    }),
    noteTime: assign(({ context, event }) => ({ now: Math.max(context.now, atOf(event) ?? context.now) })),
    endStretch: assign(({ context, event }) => ({ clock: endStretch(context.clock, atOf(event) ?? context.now) })),
    stopForInactivity: assign(({ context, event }) => ({
      inactiveSince: context.clock.open?.lastInput ?? null,
      clock: endStretch(context.clock, atOf(event) ?? context.now),
    })),
    // The stretch ends and its whole minutes become the entries to send; the partial minute is dropped.
    queueEntries: assign(({ context, event }) => {
      const pending = queued(context.clock, atOf(event) ?? context.now);
      return { pending, stoppedMinutes: pending.reduce((total, entry) => total + entry.minutes, 0), logged: minutesByActivity(pending), clock: EMPTY_CLOCK, failure: null };
    }),
    dropNothing: assign({ clock: EMPTY_CLOCK, stoppedMinutes: 0, logged: [], pending: [] }),
    markLeaving: assign({ leaving: true }),
    dropSent: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    rememberFailure: assign((_, error: unknown) => ({ failure: error ?? null })),
  },
}).createMachine({
  id: "workTimer",
  context: INITIAL_CONTEXT,
  initial: "ready",
  // The pages of the patient come and go (the record, a session, the record again): each shows a bar
  // that attaches while shown. When the last goes and none comes back within LEAVE_GRACE (the next
  // page's code and data loading), the person has left the patient: the timer leaves at the moment the last bar went.
  on: {
    "timer.attach": { actions: ["cancelLeave", "attachView", "showPage"] },
    "timer.detach": [{ guard: "lastView", actions: ["cancelLeave", "awaitReturn", "leaveAfterGrace"] }, { actions: "detachView" }],
  },
  states: {
    ready: {
      on: { "timer.start": { target: "running", actions: "begin" } },
    },
    running: {
      invoke: { id: "ticker", src: "ticker" },
      on: {
        // A page switch after the cut-off has passed stops the timer like the tick would have: only Resume restarts it.
        "timer.attach": [
          { guard: "inactive", target: "stoppedForInactivity", actions: ["cancelLeave", "attachView", "stopForInactivity", "showPage"] },
          { actions: ["cancelLeave", "attachView", "showPage"] },
        ],
        "timer.activity": { actions: "noteInput" },
        "timer.tick": [{ guard: "inactive", target: "stoppedForInactivity", actions: "stopForInactivity" }, { actions: "noteTime" }],
        "timer.pause": { target: "paused", actions: ["noteTime", "endStretch"] },
        "timer.stop": [{ guard: "nothingToLog", target: "saved", actions: "dropNothing" }, { target: "saving", actions: "queueEntries" }],
        "timer.leave": [{ guard: "nothingToLog", target: "ended" }, { target: "saving", actions: ["markLeaving", "queueEntries"] }],
      },
    },
    paused: {
      on: {
        "timer.resume": { target: "running", actions: "resume" },
        "timer.stop": [{ guard: "nothingToLog", target: "saved", actions: "dropNothing" }, { target: "saving", actions: "queueEntries" }],
        "timer.leave": [{ guard: "nothingToLog", target: "ended" }, { target: "saving", actions: ["markLeaving", "queueEntries"] }],
      },
    },
    stoppedForInactivity: {
      on: {
        "timer.resume": { target: "running", actions: "resume" },
        "timer.stop": [{ guard: "nothingToLog", target: "saved", actions: "dropNothing" }, { target: "saving", actions: "queueEntries" }],
        "timer.leave": [{ guard: "nothingToLog", target: "ended" }, { target: "saving", actions: ["markLeaving", "queueEntries"] }],
      },
    },
    saving: {
      invoke: {
        id: "saveEntry",
        src: "saveEntry",
        input: ({ context }): SaveEntryInput => {
          const entry = context.pending[0];
          // Only a stop with whole minutes reaches this state.
          if (context.patient === null || entry === undefined) throw new Error("workTimer: saving without a patient or an entry");
          return { patientId: context.patient.id, entry };
        },
        onDone: [
          { guard: "moreToSave", target: "saving", reenter: true, actions: "dropSent" },
          { guard: "leaving", target: "ended", actions: "dropSent" },
          { target: "saved", actions: "dropSent" },
        ],
        // Nobody sees the bar after leaving: the timer ends and the page tells what was not logged.
        onError: [
          { guard: "leaving", target: "ended", actions: { type: "rememberFailure", params: errorOf } },
          { target: "failed", actions: { type: "rememberFailure", params: errorOf } },
        ],
      },
      on: { "timer.leave": { actions: "markLeaving" } },
    },
    saved: {
      on: {
        "timer.resume": { target: "running", actions: "resume" },
        "timer.leave": "ended",
      },
    },
    failed: {
      on: {
        "timer.retry": "saving",
        // The page tells the person what was not logged (context.pending) before the timer goes.
        "timer.leave": { target: "ended", actions: "markLeaving" },
      },
    },
    ended: { type: "final" },
  },
});

export type WorkTimerSnapshot = SnapshotFrom<typeof workTimerMachine>;

/** Whole minutes the bar shows: what a stop would log so far while timing (each activity's whole minutes), or those of the last stop once stopped. */
export const shownMinutes = (snapshot: WorkTimerSnapshot): number =>
  snapshot.matches("running") || snapshot.matches("paused") || snapshot.matches("stoppedForInactivity")
    ? countedMinutes(snapshot.context.clock, snapshot.context.now)
    : snapshot.context.stoppedMinutes;
