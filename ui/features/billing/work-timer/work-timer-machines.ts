import { atom, getDefaultStore } from "jotai";
import { type Actor, createActor, type EventObject, fromCallback, fromPromise } from "xstate";
import type { TimerActivity } from "../../../../domain/billing/work-timer.ts";
import type { PatientId } from "../../../../domain/shared/ids.ts";
import { onBeforeSignOut } from "../../../session/before-sign-out.ts";
import { type SaveEntryInput, TICK_MS, type TimedPatient, workTimerMachine, type WorkTimerSnapshot } from "../../../../machines/billing/work-timer.machine.ts";

// The one work timer of the browser tab, and where its machine is provided (docs/ui.md, "Where
// machines are provided") (issue 24, "Time capture"; docs/billing.md, "Timer"). It lives in a jotai
// atom, above the pages, so moving between the same patient's record and sessions keeps it
// running: each timer bar on a page attaches to it and detaches when the page goes. The machine
// itself waits for the patient's next page (LEAVE_GRACE_MS) and beats while it runs; this file
// only gives it the page's clock and the time log's POST, and starts a new timer when a bar of
// another patient attaches (the previous one leaves at once and saves).

export { LEAVE_GRACE_MS, TICK_MS } from "../../../../machines/billing/work-timer.machine.ts";

export type WorkTimerActor = Actor<typeof workTimerMachine>;

/** What the page supplies: the time log's POST, and what to do with the timer's outcomes. */
export type WorkTimerEffects = {
  readonly saveEntry: (input: SaveEntryInput) => Promise<unknown>;
  /** The timer moved between states (running, paused, saved…): the bar announces it. */
  readonly onChange: (previous: WorkTimerSnapshot, next: WorkTimerSnapshot) => void;
};

export type WorkTimerSession = {
  readonly patientId: PatientId;
  readonly actor: WorkTimerActor;
};

/** The running timer, or null. */
export const workTimerAtom = atom<WorkTimerSession | null>(null);

const store = getDefaultStore();
const now = () => Date.now();

const forget = (session: WorkTimerSession) => {
  if (store.get(workTimerAtom) === session) store.set(workTimerAtom, null);
};

/** The page's clock as the timer's beat: `timer.tick` with the instant, every TICK_MS while the machine runs. */
const pageClock = fromCallback<EventObject>(({ sendBack }) => {
  const beat = setInterval(() => sendBack({ type: "timer.tick", at: now() }), TICK_MS);
  return () => clearInterval(beat);
});

/** The person left the patient's pages now: the stretch ends when the last bar went (or now, with a bar still shown), and what was counted is saved. */
export function leavePatient(session: WorkTimerSession): void {
  session.actor.send({ type: "timer.leave", at: session.actor.getSnapshot().context.leftAt ?? now() });
  forget(session);
}

function startSession(patient: TimedPatient, activity: TimerActivity, effects: WorkTimerEffects): WorkTimerSession {
  const actor = createActor(
    workTimerMachine.provide({ actors: { saveEntry: fromPromise<unknown, SaveEntryInput>(({ input }) => effects.saveEntry(input)), ticker: pageClock } }),
  );
  const session: WorkTimerSession = { patientId: patient.id, actor };
  let previous = actor.getSnapshot();
  actor.subscribe((next) => {
    if (next.value !== previous.value || next.status !== previous.status) effects.onChange(previous, next);
    previous = next;
    if (next.status === "done") forget(session);
  });
  actor.start();
  actor.send({ type: "timer.start", patient, activity, at: now() });
  // A sign-out first logs what the timer counted, while the session can still send it.
  onBeforeSignOut(saveBeforeSignOut);
  store.set(workTimerAtom, session);
  return session;
}

/**
 * A bar of `patient` is on screen on a page of `activity`: it joins the running timer of the same
 * patient (calling off a pending leave; time from now on counts as `activity`), or a timer of
 * another patient is left (and saved) and a new one starts.
 */
export function attachView(patient: TimedPatient, activity: TimerActivity, effects: WorkTimerEffects): WorkTimerSession {
  const current = store.get(workTimerAtom);
  const session = current !== null && current.patientId === patient.id && joinable(current) ? current : startSession(patient, activity, effects);
  if (current !== null && current !== session) {
    leavePatient(current);
    store.set(workTimerAtom, session);
  }
  session.actor.send({ type: "timer.attach", activity, at: now() });
  return session;
}

/** A bar went: when it was the last one, the timer waits LEAVE_GRACE_MS for the patient's next page, then leaves and saves. */
export function detachView(session: WorkTimerSession): void {
  session.actor.send({ type: "timer.detach", at: now() });
}

/** A timer a bar may still join: running its course, not on its way out after the person left the patient. */
const joinable = (session: WorkTimerSession): boolean => {
  const snapshot = session.actor.getSnapshot();
  return snapshot.status === "active" && !snapshot.context.leaving;
};

/** Sign-out or a session that ended: the timer stops at once (tests reset through it too). */
export function leaveAnyPatient(): void {
  const current = store.get(workTimerAtom);
  if (current === null) return;
  leavePatient(current);
}

/**
 * Before a sign-out: the running timer's stretch ends now and its whole minutes are sent while the
 * session still holds its token; resolves once the timer has ended (saved, or failed and said so).
 */
export function saveBeforeSignOut(): Promise<void> {
  const current = store.get(workTimerAtom);
  if (current === null) return Promise.resolve();
  const ended = new Promise<void>((resolve) => {
    if (current.actor.getSnapshot().status === "done") return resolve();
    current.actor.subscribe({
      next: (snapshot) => {
        if (snapshot.status === "done") resolve();
      },
      complete: () => resolve(),
      error: () => resolve(),
    });
  });
  leaveAnyPatient();
  return ended;
}
