import { MAX_ENTRY_MINUTES, TIME_ACTIVITIES, type TimeEntryCreateBody } from "./time-log-wire.ts";

// The work timer's rules (issue 24, "Time capture"; docs/billing.md, "Timer"): treatment-management
// time counted while an SLP works on one patient's record and sessions. Only time up to the last
// input counts once the inactivity cut-off has passed, and minutes are whole minutes worked, never
// rounded up. Instants are epoch milliseconds passed in by the caller: no clock is read here.

const MS_PER_MINUTE = 60_000;

/** Five minutes without any input (key, pointer, scroll) end the timed stretch at the last input. */
export const INACTIVITY_CUTOFF_MS = 5 * MS_PER_MINUTE;

/** What a timer entry's note says, so the log tells timed work from typed entries. */
export const TIMER_NOTE = "Logged by the work timer (patient record and session review).";

/** One stretch of work that has ended: from its start to its end, in epoch milliseconds. */
export type Stretch = { readonly from: number; readonly to: number };

/** The timer's account: the stretches ended so far and the one running (with its last input), if any. */
export type WorkClock = {
  readonly stretches: readonly Stretch[];
  readonly open: { readonly from: number; readonly lastInput: number } | null;
};

/** A clock with nothing counted and nothing running. */
export const EMPTY_CLOCK: WorkClock = { stretches: [], open: null };

/** Starts a stretch at `at` (start, resume); a stretch already running goes on unchanged. */
export const startStretch = (clock: WorkClock, at: number): WorkClock =>
  clock.open === null ? { stretches: clock.stretches, open: { from: at, lastInput: at } } : clock;

/** Notes an input of the person at `at`; an input out of order never moves the last input back. */
export const noteInput = (clock: WorkClock, at: number): WorkClock =>
  clock.open === null || at <= clock.open.lastInput ? clock : { stretches: clock.stretches, open: { from: clock.open.from, lastInput: at } };

/** Whether the running stretch has gone the inactivity cut-off without input by `at`. */
export const isInactive = (clock: WorkClock, at: number): boolean => clock.open !== null && at - clock.open.lastInput >= INACTIVITY_CUTOFF_MS;

/**
 * Where the running stretch ends if it ends at `at`: at `at` while the person was active within
 * the cut-off, else at their last input (the idle time after it is not work and is not counted).
 */
const endOf = (open: NonNullable<WorkClock["open"]>, at: number): number =>
  at - open.lastInput >= INACTIVITY_CUTOFF_MS ? open.lastInput : Math.max(open.from, at);

/** Ends the running stretch at `at` (pause, stop, leaving the patient's pages, the cut-off); nothing runs afterwards. */
export const endStretch = (clock: WorkClock, at: number): WorkClock => {
  if (clock.open === null) return clock;
  const to = endOf(clock.open, at);
  return { stretches: to > clock.open.from ? [...clock.stretches, { from: clock.open.from, to }] : clock.stretches, open: null };
};

/** Milliseconds of work counted by `at`: the ended stretches plus the running one as it would end at `at`. */
export const workedMs = (clock: WorkClock, at: number): number =>
  clock.stretches.reduce((total, stretch) => total + (stretch.to - stretch.from), 0) + (clock.open === null ? 0 : endOf(clock.open, at) - clock.open.from);

/** Whole minutes worked: a partial minute is dropped, never rounded up (billing never claims time not spent). */
export const wholeMinutes = (ms: number): number => (ms <= 0 ? 0 : Math.floor(ms / MS_PER_MINUTE));

/** When the counted work began: the start of its first stretch (or of the running one), or null before any. */
export const workStart = (clock: WorkClock): number | null => clock.stretches[0]?.from ?? clock.open?.from ?? null;

/**
 * The time entries of the counted work, as POST patients/{id}/rtm/time-entries/ takes them:
 * activity "review", the start of the first stretch, the whole minutes worked. Under one minute
 * gives no entry. Over 600 minutes (one entry's limit) is split into back-to-back entries of at
 * most 600 minutes, so their union is their sum. Only ended stretches count: end the running one first.
 */
export const timerEntries = (clock: WorkClock): readonly TimeEntryCreateBody[] => {
  const start = workStart(clock);
  let minutes = wholeMinutes(workedMs({ stretches: clock.stretches, open: null }, 0));
  if (start === null || minutes < 1) return [];
  const entries: TimeEntryCreateBody[] = [];
  let at = start;
  while (minutes > 0) {
    const length = Math.min(minutes, MAX_ENTRY_MINUTES);
    entries.push({ activity: TIME_ACTIVITIES.review, start: new Date(at).toISOString(), minutes: length, note: TIMER_NOTE });
    at += length * MS_PER_MINUTE;
    minutes -= length;
  }
  return entries;
};

/** "4 min", "1 h 5 min": the counted time as the timer bar shows it. */
export const timerLabel = (minutes: number): string => {
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes % 60} min`;
};
