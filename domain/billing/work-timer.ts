import { MAX_ENTRY_MINUTES, TIME_ACTIVITIES, type TimeEntryCreateBody } from "./time-log-wire.ts";

// The work timer's rules (issue 24, "Time capture"; docs/billing.md, "Timer"): treatment-management
// time counted while an SLP works on one patient's record, sessions and chat thread, each minute
// as the activity of the page it was spent on. Only time up to the last
// input counts once the inactivity cut-off has passed, and minutes are whole minutes worked, never
// rounded up. Instants are epoch milliseconds passed in by the caller: no clock is read here.

const MS_PER_MINUTE = 60_000;

/** Five minutes without any input (key, pointer, scroll) end the timed stretch at the last input. */
export const INACTIVITY_CUTOFF_MS = 5 * MS_PER_MINUTE;

/**
 * What the timer counts time as: the page the person was on while a stretch ran. The record and
 * session review are `review`; a patient's chat thread is `messaging` (time spent writing to the
 * patient, never a live interaction: only a logged call is one, management-time.ts).
 */
export type TimerActivity = typeof TIME_ACTIVITIES.review | typeof TIME_ACTIVITIES.messaging;
export const TIMER_ACTIVITIES: readonly TimerActivity[] = [TIME_ACTIVITIES.review, TIME_ACTIVITIES.messaging];

/** What a timer entry's note says, so the log tells timed work from typed entries and where it was timed. */
export const TIMER_NOTES: Readonly<Record<TimerActivity, string>> = {
  review: "Logged by the work timer (patient record and session review).",
  messaging: "Logged by the work timer (messaging the patient).",
};

/** One stretch of work that has ended: from its start to its end, in epoch milliseconds, on one activity. */
export type Stretch = { readonly from: number; readonly to: number; readonly activity: TimerActivity };

/** The timer's account: the stretches ended so far and the one running (with its last input), if any. */
export type WorkClock = {
  readonly stretches: readonly Stretch[];
  readonly open: { readonly from: number; readonly lastInput: number; readonly activity: TimerActivity } | null;
};

/** A clock with nothing counted and nothing running. */
export const EMPTY_CLOCK: WorkClock = { stretches: [], open: null };

/** Starts a stretch of `activity` at `at` (start, resume); a stretch already running goes on unchanged. */
export const startStretch = (clock: WorkClock, at: number, activity: TimerActivity = TIME_ACTIVITIES.review): WorkClock =>
  clock.open === null ? { stretches: clock.stretches, open: { from: at, lastInput: at, activity } } : clock;

/** Notes an input of the person at `at`; an input out of order never moves the last input back. */
export const noteInput = (clock: WorkClock, at: number): WorkClock =>
  clock.open === null || at <= clock.open.lastInput ? clock : { stretches: clock.stretches, open: { ...clock.open, lastInput: at } };

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
  return { stretches: to > clock.open.from ? [...clock.stretches, { from: clock.open.from, to, activity: clock.open.activity }] : clock.stretches, open: null };
};

/**
 * The person went to a page of another activity at `at` (the record to the patient's chat, or
 * back): the running stretch ends there and one of the new activity starts, so each minute is
 * counted as what it was spent on. Nothing running, or the same activity, changes nothing. The
 * new stretch starts at `at` even after the cut-off (the machine stops for inactivity first).
 */
export const switchActivity = (clock: WorkClock, at: number, activity: TimerActivity): WorkClock =>
  clock.open === null || clock.open.activity === activity ? clock : startStretch(endStretch(clock, at), Math.max(clock.open.from, at), activity);

/** Milliseconds of work counted by `at` (of one activity, or of all): the ended stretches plus the running one as it would end at `at`. */
export const workedMs = (clock: WorkClock, at: number, activity?: TimerActivity): number => {
  const counts = (of: TimerActivity) => activity === undefined || of === activity;
  const ended = clock.stretches.reduce((total, stretch) => total + (counts(stretch.activity) ? stretch.to - stretch.from : 0), 0);
  return ended + (clock.open === null || !counts(clock.open.activity) ? 0 : endOf(clock.open, at) - clock.open.from);
};

/** Whole minutes worked: a partial minute is dropped, never rounded up (billing never claims time not spent). */
export const wholeMinutes = (ms: number): number => (ms <= 0 ? 0 : Math.floor(ms / MS_PER_MINUTE));

/** Minutes the timer would log by `at`: each activity's whole minutes, summed (what the bar shows). */
export const countedMinutes = (clock: WorkClock, at: number): number =>
  TIMER_ACTIVITIES.reduce((total, activity) => total + wholeMinutes(workedMs(clock, at, activity)), 0);

/** When the counted work began (of one activity, or of all): the start of its first stretch (or of the running one), or null before any. */
export const workStart = (clock: WorkClock, activity?: TimerActivity): number | null => {
  const counts = (of: TimerActivity) => activity === undefined || of === activity;
  return clock.stretches.find((stretch) => counts(stretch.activity))?.from ?? (clock.open !== null && counts(clock.open.activity) ? clock.open.from : null);
};

/**
 * The time entries of the counted work, as POST patients/{id}/rtm/time-entries/ takes them, one
 * activity after another (in the order each was first worked on): each activity's stretches summed
 * in whole minutes (never rounded up; under one minute gives no entry of it), its note, and the
 * start of its first stretch. Over 600 minutes (one entry's limit) an activity is split into
 * back-to-back entries of at most 600. An entry whose start falls inside an earlier activity's
 * entries starts where they end instead: the month's minutes are the entries' union
 * (management-time.ts), so overlapping entries would drop worked time. Entries therefore never
 * overlap, never end after the last stretch, and their union is their sum. Only ended stretches
 * count: end the running one first.
 */
export const timerEntries = (clock: WorkClock): readonly TimeEntryCreateBody[] => {
  const ended: WorkClock = { stretches: clock.stretches, open: null };
  const activities = TIMER_ACTIVITIES.flatMap((activity) => {
    const start = workStart(ended, activity);
    const minutes = wholeMinutes(workedMs(ended, 0, activity));
    return start === null || minutes < 1 ? [] : [{ activity, start, minutes }];
  }).toSorted((a, b) => a.start - b.start);
  const entries: TimeEntryCreateBody[] = [];
  let free = Number.NEGATIVE_INFINITY;
  for (const { activity, start, minutes } of activities) {
    let at = Math.max(start, free);
    for (let left = minutes; left > 0; left -= MAX_ENTRY_MINUTES) {
      const length = Math.min(left, MAX_ENTRY_MINUTES);
      entries.push({ activity, start: new Date(at).toISOString(), minutes: length, note: TIMER_NOTES[activity] });
      at += length * MS_PER_MINUTE;
    }
    free = at;
  }
  return entries;
};

/** Whole minutes per activity of some timer entries, in the order first logged: what a stop logged, for the bar to say. */
export type ActivityMinutes = { readonly activity: TimerActivity; readonly minutes: number };
export const minutesByActivity = (entries: readonly TimeEntryCreateBody[]): readonly ActivityMinutes[] =>
  entries.reduce<ActivityMinutes[]>((parts, entry) => {
    if (entry.activity !== TIME_ACTIVITIES.review && entry.activity !== TIME_ACTIVITIES.messaging) return parts;
    const part = parts.find((p) => p.activity === entry.activity);
    return part === undefined ? [...parts, { activity: entry.activity, minutes: entry.minutes }] : parts.map((p) => (p === part ? { activity: p.activity, minutes: p.minutes + entry.minutes } : p));
  }, []);

/** "4 min of review and 2 min of messaging": what was logged, each activity's minutes in `amount`'s words. */
export const loggedLabel = (parts: readonly ActivityMinutes[], amount: (minutes: number) => string): string =>
  parts.map((part) => `${amount(part.minutes)} of ${part.activity}`).join(" and ");

/** "4 min", "1 h 5 min": the counted time as the timer bar shows it. */
export const timerLabel = (minutes: number): string => {
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes % 60} min`;
};
