import type { TimeEntryCreateBody } from "../../domain/billing/time-log-wire.ts";
import type { ActivityMinutes, TimerActivity, WorkClock } from "../../domain/billing/work-timer.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The work timer's context and events (work-timer.machine.ts), apart so the machine reads as its states.

/** The patient whose record, sessions and chat thread are being worked on. */
export type TimedPatient = { readonly id: PatientId; readonly name: string };

/** What `saveEntry` is given: one time entry of the patient (POST patients/{id}/rtm/time-entries/). */
export type SaveEntryInput = { readonly patientId: PatientId; readonly entry: TimeEntryCreateBody };

export type WorkTimerContext = {
  readonly patient: TimedPatient | null;
  /** What the page shown now counts time as (the bar that attached last): a running stretch is of it. */
  readonly activity: TimerActivity;
  readonly clock: WorkClock;
  /** The latest instant an event brought (epoch ms): what the bar counts up to. */
  readonly now: number;
  /** The last input before the cut-off stopped the timer, or null. */
  readonly inactiveSince: number | null;
  /** Entries still to send, oldest first (one unless the work ran past 600 minutes). */
  readonly pending: readonly TimeEntryCreateBody[];
  /** Whole minutes of the last stop: being saved, saved, or failed. */
  readonly stoppedMinutes: number;
  /** The same minutes per activity, for the page to say what was logged. */
  readonly logged: readonly ActivityMinutes[];
  /** The person left the patient's pages: once saved, the timer ends. */
  readonly leaving: boolean;
  readonly failure: unknown;
  /** Timer bars of the patient on screen now (each page of the patient shows one). */
  readonly views: number;
  /** When the last bar went (epoch ms), while the timer waits for the patient's next page; null while a bar is shown. */
  readonly leftAt: number | null;
};

/**
 * Every event that moves time carries its instant `at` (epoch ms): the page's clock is read where
 * the event is made, never in a guard, so tests need no waiting. `timer.activity` is a key,
 * pointer or scroll input (throttled by the page); `timer.tick` a beat of the page's clock. `timer.start` and `timer.attach` carry the activity of
 * the page whose bar sends them.
 */
export type WorkTimerEvent =
  | { readonly type: "timer.start"; readonly patient: TimedPatient; readonly activity: TimerActivity; readonly at: number }
  | { readonly type: "timer.activity"; readonly at: number }
  | { readonly type: "timer.tick"; readonly at: number }
  | { readonly type: "timer.pause"; readonly at: number }
  | { readonly type: "timer.resume"; readonly at: number }
  | { readonly type: "timer.stop"; readonly at: number }
  | { readonly type: "timer.leave"; readonly at: number }
  | { readonly type: "timer.retry" }
  | { readonly type: "timer.attach"; readonly activity: TimerActivity; readonly at: number }
  | { readonly type: "timer.detach"; readonly at: number };
