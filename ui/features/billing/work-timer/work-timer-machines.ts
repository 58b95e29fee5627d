import { atom, getDefaultStore } from "jotai";
import { type Actor, createActor, fromPromise } from "xstate";
import type { PatientId } from "../../../../domain/shared/ids.ts";
import { onBeforeSignOut } from "../../../session/before-sign-out.ts";
import { type SaveEntryInput, type TimedPatient, workTimerMachine, type WorkTimerSnapshot } from "../../../../machines/billing/work-timer.machine.ts";

// The one work timer of the browser tab, and where its machine is provided (docs/ui.md, "Where
// machines are provided") (issue 24, "Time capture"; docs/billing.md, "Timer"). It
// lives in a jotai atom, above the pages, so moving between the same patient's record and
// sessions keeps it running: each timer bar on a page attaches to it and detaches when the page
// goes. When no bar of that patient comes back within LEAVE_GRACE_MS (the next page's code and
// data loading), or a bar of another patient attaches, the person has left the patient's pages:
// the timer ends its stretch at the moment the last bar went, and saves.

/** Long enough for the next page of the same patient to load and show its bar, short enough that leaving saves soon. */
export const LEAVE_GRACE_MS = 15_000;
/** The beat that lets the machine notice the inactivity cut-off; the bar shows whole minutes only. */
export const TICK_MS = 1_000;

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
  /** Bars of this patient on screen now. */
  views: number;
  /** When the last bar went, and the pending leave. */
  leftAt: number | null;
  leaveTimer: ReturnType<typeof setTimeout> | null;
};

/** The running timer, or null. */
export const workTimerAtom = atom<WorkTimerSession | null>(null);

const store = getDefaultStore();
const now = () => Date.now();

const forget = (session: WorkTimerSession) => {
  if (store.get(workTimerAtom) === session) store.set(workTimerAtom, null);
};

/** The person left the patient's pages: the stretch ends when the last bar went, and what was counted is saved. */
export function leavePatient(session: WorkTimerSession): void {
  if (session.leaveTimer !== null) clearTimeout(session.leaveTimer);
  session.leaveTimer = null;
  session.actor.send({ type: "timer.leave", at: session.leftAt ?? now() });
  forget(session);
}

function startSession(patient: TimedPatient, effects: WorkTimerEffects): WorkTimerSession {
  const actor = createActor(workTimerMachine.provide({ actors: { saveEntry: fromPromise<unknown, SaveEntryInput>(({ input }) => effects.saveEntry(input)) } }));
  const session: WorkTimerSession = { patientId: patient.id, actor, views: 0, leftAt: null, leaveTimer: null };
  let previous = actor.getSnapshot();
  const tick = setInterval(() => actor.send({ type: "timer.tick", at: now() }), TICK_MS);
  actor.subscribe((next) => {
    if (next.value !== previous.value || next.status !== previous.status) effects.onChange(previous, next);
    previous = next;
    if (next.status === "done") {
      clearInterval(tick);
      forget(session);
    }
  });
  actor.start();
  actor.send({ type: "timer.start", patient, at: now() });
  // A sign-out first logs what the timer counted, while the session can still send it.
  onBeforeSignOut(saveBeforeSignOut);
  store.set(workTimerAtom, session);
  return session;
}

/**
 * A bar of `patient` is on screen: it joins the running timer of the same patient (cancelling a
 * pending leave), or a timer of another patient is left (and saved) and a new one starts.
 */
export function attachView(patient: TimedPatient, effects: WorkTimerEffects): WorkTimerSession {
  const current = store.get(workTimerAtom);
  const session = current !== null && current.patientId === patient.id ? current : startSession(patient, effects);
  if (current !== null && current !== session) {
    leavePatient(current);
    store.set(workTimerAtom, session);
  }
  if (session.leaveTimer !== null) clearTimeout(session.leaveTimer);
  session.leaveTimer = null;
  session.leftAt = null;
  session.views += 1;
  return session;
}

/** A bar went: when it was the last one, the timer waits LEAVE_GRACE_MS for the patient's next page, then saves. */
export function detachView(session: WorkTimerSession): void {
  session.views = Math.max(0, session.views - 1);
  if (session.views > 0) return;
  session.leftAt = now();
  session.leaveTimer = setTimeout(() => leavePatient(session), LEAVE_GRACE_MS);
}

/** Sign-out or a session that ended: the timer stops at once (tests reset through it too). */
export function leaveAnyPatient(): void {
  const current = store.get(workTimerAtom);
  if (current === null) return;
  current.leftAt ??= now();
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
