import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import * as Schema from "effect/Schema";
import { managementMonth, unionMinutes } from "./management-time.ts";
import { TimeEntryCreateBody } from "./time-log-wire.ts";
import {
  countedMinutes,
  EMPTY_CLOCK,
  endStretch,
  INACTIVITY_CUTOFF_MS,
  isInactive,
  loggedLabel,
  minutesByActivity,
  noteInput,
  startStretch,
  switchActivity,
  TIMER_ACTIVITIES,
  TIMER_NOTES,
  type TimerActivity,
  timerEntries,
  timerLabel,
  type WorkClock,
  wholeMinutes,
  workedMs,
} from "./work-timer.ts";

const MINUTE = 60_000;
const T0 = Date.parse("2026-03-02T09:00:00.000Z");

// A generated working session: stretches started and ended (pause or stop), inputs in between,
// at increasing instants. `expected` is worked time computed the plain way, stretch by stretch.
type Step = { readonly kind: "input" | "pause"; readonly gap: number };
const step = fc.record({ kind: fc.constantFrom<Step["kind"]>("input", "input", "input", "pause"), gap: fc.integer({ min: 0, max: 8 * MINUTE }) });
const session = fc.array(step, { maxLength: 40 });

const play = (steps: readonly Step[]) => {
  let clock = startStretch(EMPTY_CLOCK, T0);
  let at = T0;
  let expected = 0;
  let from = T0;
  let last = T0;
  let running = true;
  for (const { kind, gap } of steps) {
    at += gap;
    if (!running) {
      // Any step after a pause resumes first.
      clock = startStretch(clock, at);
      from = at;
      last = at;
      running = true;
      continue;
    }
    if (kind === "input") {
      if (at - last < INACTIVITY_CUTOFF_MS) {
        clock = noteInput(clock, at);
        last = at;
      } else {
        // The cut-off passed before this input: the stretch ended at the last input; the input resumes.
        expect(isInactive(clock, at)).toBe(true);
        expected += last - from;
        clock = startStretch(endStretch(clock, at), at);
        from = at;
        last = at;
      }
    } else {
      expected += (at - last >= INACTIVITY_CUTOFF_MS ? last : at) - from;
      clock = endStretch(clock, at);
      running = false;
    }
  }
  return { clock, at, expected, running, last, from };
};

describe("the work timer's account", () => {
  test.prop([session])("counts each stretch up to its end, or up to its last input once the cut-off passed", (steps) => {
    const { clock, at, expected, running, last, from } = play(steps);
    const open = running ? (at - last >= INACTIVITY_CUTOFF_MS ? last : at) - from : 0;
    expect(workedMs(clock, at)).toBe(expected + open);
  });

  test.prop([session, fc.integer({ min: 0, max: 30 * MINUTE })])("ending the stretch later never counts more than the cut-off allows", (steps, wait) => {
    const { clock, at } = play(steps);
    const ended = endStretch(clock, at + wait);
    expect(ended.open).toBeNull();
    expect(workedMs(ended, at + wait)).toBeLessThanOrEqual(workedMs(clock, at) + Math.min(wait, INACTIVITY_CUTOFF_MS));
    // Worked time never shrinks as time goes on.
    expect(workedMs(clock, at + wait)).toBeGreaterThanOrEqual(workedMs(clock, at));
  });

  it("drops the idle time after the last input: input at 3 min, stop at 20 min counts 3 minutes", () => {
    const clock = noteInput(startStretch(EMPTY_CLOCK, T0), T0 + 3 * MINUTE);
    expect(isInactive(clock, T0 + 3 * MINUTE + INACTIVITY_CUTOFF_MS - 1)).toBe(false);
    expect(isInactive(clock, T0 + 3 * MINUTE + INACTIVITY_CUTOFF_MS)).toBe(true);
    expect(workedMs(endStretch(clock, T0 + 20 * MINUTE), 0)).toBe(3 * MINUTE);
    // Within the cut-off the stretch runs to the stop.
    expect(workedMs(endStretch(clock, T0 + 7 * MINUTE), 0)).toBe(7 * MINUTE);
  });

  it("ignores a pause's time: 4 minutes, a 10-minute pause, 3 minutes make 7", () => {
    let clock = startStretch(EMPTY_CLOCK, T0);
    clock = endStretch(noteInput(clock, T0 + 4 * MINUTE), T0 + 4 * MINUTE);
    expect(isInactive(clock, T0 + 60 * MINUTE)).toBe(false);
    clock = endStretch(startStretch(clock, T0 + 14 * MINUTE), T0 + 17 * MINUTE);
    expect(workedMs(clock, T0 + 99 * MINUTE)).toBe(7 * MINUTE);
  });

  test.prop([fc.integer({ min: -MINUTE, max: 20 * 60 * MINUTE })])("whole minutes are never rounded up", (ms) => {
    const minutes = wholeMinutes(ms);
    expect(Number.isInteger(minutes)).toBe(true);
    expect(minutes * MINUTE).toBeLessThanOrEqual(Math.max(ms, 0));
    expect(Math.max(ms, 0) - minutes * MINUTE).toBeLessThan(MINUTE);
  });
});

describe("the timer's time entries", () => {
  const clockOf = (lengths: readonly number[]): WorkClock => {
    let clock = EMPTY_CLOCK;
    let at = T0;
    for (const length of lengths) {
      clock = startStretch(clock, at);
      // Inputs every minute keep the stretch inside the cut-off.
      for (let t = at + MINUTE; t < at + length; t += MINUTE) clock = noteInput(clock, t);
      clock = endStretch(noteInput(clock, at + length), at + length);
      at += length + 7 * MINUTE;
    }
    return clock;
  };
  const lengths = fc.array(fc.integer({ min: 0, max: 90 * MINUTE }), { minLength: 1, maxLength: 12 });

  test.prop([lengths])("are whole minutes of the worked time, start when the work began, and say they came from the timer", (list) => {
    const clock = clockOf(list);
    const entries = timerEntries(clock);
    const minutes = wholeMinutes(list.reduce((a, b) => a + b, 0));
    expect(entries.reduce((total, entry) => total + entry.minutes, 0)).toBe(minutes);
    // The work began with the first stretch that lasted (stretches are 7 minutes apart).
    const first = list.findIndex((length) => length > 0);
    const began = T0 + list.slice(0, first).reduce((total, length) => total + length + 7 * MINUTE, 0);
    if (minutes === 0) expect(entries).toEqual([]);
    else expect(entries[0]?.start).toBe(new Date(began).toISOString());
    for (const entry of entries) {
      expect(entry).toMatchObject({ activity: "review", note: TIMER_NOTES.review });
      expect(Schema.decodeUnknownExit(TimeEntryCreateBody)(entry)._tag).toBe("Success");
    }
  });

  test.prop([fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: MINUTE - 1 })])("split into back-to-back entries of 1 to 600 minutes whose union is their sum", (whole, extra) => {
    const clock: WorkClock = { stretches: [{ from: T0, to: T0 + whole * MINUTE + extra, activity: "review" }], open: null };
    const entries = timerEntries(clock);
    expect(entries.length).toBe(Math.ceil(whole / 600));
    for (const [index, entry] of entries.entries()) {
      expect(entry.minutes).toBeGreaterThanOrEqual(1);
      expect(entry.minutes).toBeLessThanOrEqual(600);
      expect(Date.parse(entry.start)).toBe(T0 + index * 600 * MINUTE);
    }
    expect(unionMinutes(entries)).toBe(whole);
  });

  it("saves nothing under a minute, and nothing for a stretch still running", () => {
    expect(timerEntries({ stretches: [{ from: T0, to: T0 + 59_999, activity: "review" }], open: null })).toEqual([]);
    expect(timerEntries(startStretch(EMPTY_CLOCK, T0))).toEqual([]);
    expect(timerEntries({ stretches: [{ from: T0, to: T0 + 61_000, activity: "review" }], open: null })).toEqual([
      { activity: "review", start: "2026-03-02T09:00:00.000Z", minutes: 1, note: "Logged by the work timer (patient record and session review)." },
    ]);
  });

  it.each([
    [0, "0 min"],
    [4, "4 min"],
    [60, "1 h 0 min"],
    [125, "2 h 5 min"],
  ])("%i minutes read %s", (minutes, label) => {
    expect(timerLabel(minutes)).toBe(label);
  });
});

describe("the timer's activities (the page each stretch ran on)", () => {
  // A generated working session across the patient's pages: inputs, pauses and page switches
  // (the record and the patient's chat) at increasing instants. The model counts each activity's
  // time the plain way, stretch by stretch, as the page it was spent on.
  type ActivityStep = { readonly kind: "input" | "pause" | "switch"; readonly gap: number; readonly activity: TimerActivity };
  const activity = fc.constantFrom<TimerActivity>(...TIMER_ACTIVITIES);
  const activityStep = fc.record({ kind: fc.constantFrom<ActivityStep["kind"]>("input", "input", "input", "pause", "switch", "switch"), gap: fc.integer({ min: 0, max: 8 * MINUTE }), activity });
  const activitySession = fc.record({ first: activity, steps: fc.array(activityStep, { maxLength: 40 }), tail: fc.integer({ min: 0, max: 10 * MINUTE }) });

  const playPages = ({ first, steps, tail }: { first: TimerActivity; steps: readonly ActivityStep[]; tail: number }) => {
    let page = first;
    let clock = startStretch(EMPTY_CLOCK, T0, page);
    let at = T0;
    let from = T0;
    let last = T0;
    let running = true;
    const expected: Record<TimerActivity, number> = { review: 0, messaging: 0 };
    const firstStart: Record<TimerActivity, number | null> = { review: null, messaging: null };
    let lastEnd = T0;
    const record = (to: number) => {
      if (to <= from) return;
      expected[page] += to - from;
      firstStart[page] ??= from;
      lastEnd = to;
    };
    for (const { kind, gap, activity: next } of steps) {
      at += gap;
      if (!running) {
        // While paused a switch only changes the page; any other step resumes on the page shown.
        if (kind === "switch") page = next;
        else {
          clock = startStretch(clock, at, page);
          from = at;
          last = at;
          running = true;
        }
        continue;
      }
      const cut = at - last >= INACTIVITY_CUTOFF_MS;
      if (kind === "input" && !cut) {
        clock = noteInput(clock, at);
        last = at;
      } else if (kind === "input") {
        record(last);
        clock = startStretch(endStretch(clock, at), at, page);
        from = at;
        last = at;
      } else if (kind === "pause") {
        record(cut ? last : at);
        clock = endStretch(clock, at);
        running = false;
      } else if (next !== page) {
        record(cut ? last : at);
        clock = switchActivity(clock, at, next);
        page = next;
        from = at;
        last = at;
      }
    }
    if (running) record(at + tail - last >= INACTIVITY_CUTOFF_MS ? last : at + tail);
    return { ended: endStretch(clock, at + tail), expected, firstStart, lastEnd };
  };

  test.prop([activitySession])("count each activity's time stretch by stretch, as the page it was spent on", (session) => {
    const { ended, expected } = playPages(session);
    for (const of of TIMER_ACTIVITIES) expect(workedMs(ended, 0, of)).toBe(expected[of]);
    expect(workedMs(ended, 0)).toBe(expected.review + expected.messaging);
  });

  test.prop([activitySession])("log each activity's whole minutes with its note, in entries of 1 to 600 minutes that never overlap", (session) => {
    const { ended, expected, firstStart, lastEnd } = playPages(session);
    const entries = timerEntries(ended);
    for (const of of TIMER_ACTIVITIES) {
      const own = entries.filter((entry) => entry.activity === of);
      expect(own.reduce((total, entry) => total + entry.minutes, 0)).toBe(wholeMinutes(expected[of]));
      const [head] = own;
      if (head === undefined) continue;
      // It starts when that activity's work began, or right after the entries still covering that instant.
      const start = Date.parse(head.start);
      const before = entries[entries.indexOf(head) - 1];
      expect(start).toBeGreaterThanOrEqual(firstStart[of] ?? Number.NaN);
      if (start !== firstStart[of]) expect(before === undefined ? Number.NaN : Date.parse(before.start) + before.minutes * MINUTE).toBe(start);
    }
    for (const entry of entries) {
      expect(entry.minutes).toBeGreaterThanOrEqual(1);
      expect(entry.minutes).toBeLessThanOrEqual(600);
      expect(entry.note).toBe(TIMER_NOTES[entry.activity as TimerActivity]);
      expect(Schema.decodeUnknownExit(TimeEntryCreateBody)(entry)._tag).toBe("Success");
    }
    // In order, none overlapping the next and none past the end of the work: the union is the sum.
    for (const [index, entry] of entries.entries()) {
      const end = Date.parse(entry.start) + entry.minutes * MINUTE;
      expect(end).toBeLessThanOrEqual(entries[index + 1] === undefined ? lastEnd : Date.parse(entries[index + 1]?.start ?? ""));
    }
    const sum = entries.reduce((total, entry) => total + entry.minutes, 0);
    expect(unionMinutes(entries)).toBe(sum);
    // The bar shows what a stop would log.
    expect(countedMinutes(ended, 0)).toBe(sum);
  });

  test.prop([activitySession])("messaging time counts toward the month's minutes but is never a live interaction", (session) => {
    const entries = timerEntries(playPages(session).ended).map((entry) => ({ ...entry, day: entry.start.slice(0, 10) }));
    const month = managementMonth("2026-03", entries, []);
    expect(month.minutes).toBe(entries.reduce((total, entry) => total + entry.minutes, 0));
    expect(month.hasLiveCall).toBe(false);
    expect(month.billable).toEqual([]);
  });

  // The entries of the timer before it knew activities: one review entry from the first stretch.
  const reviewOnly = (clock: WorkClock) => {
    const start = clock.stretches[0]?.from;
    let minutes = wholeMinutes(workedMs({ stretches: clock.stretches, open: null }, 0));
    const entries = [];
    for (let at = start ?? 0; start !== undefined && minutes > 0; minutes -= 600, at += 600 * MINUTE) {
      entries.push({ activity: "review", start: new Date(at).toISOString(), minutes: Math.min(minutes, 600), note: "Logged by the work timer (patient record and session review)." });
    }
    return entries;
  };

  test.prop([session, fc.integer({ min: 0, max: 10 * MINUTE }), fc.integer({ min: 0, max: 900 })])("give a review-only clock exactly the entries it gave before", (steps, tail, long) => {
    const { clock, at } = play(steps);
    const ended = endStretch(clock, at + tail);
    expect(timerEntries(ended)).toEqual(reviewOnly(ended));
    // Past the 600-minute limit too.
    const day: WorkClock = { stretches: [...ended.stretches, { from: at + tail + MINUTE, to: at + tail + MINUTE + long * MINUTE, activity: "review" }], open: null };
    expect(timerEntries(day)).toEqual(reviewOnly(day));
  });

  it("switching pages ends the stretch and starts one of the new activity; the same page changes nothing", () => {
    const running = noteInput(startStretch(EMPTY_CLOCK, T0), T0 + 2 * MINUTE);
    expect(switchActivity(running, T0 + 3 * MINUTE, "review")).toBe(running);
    expect(switchActivity(EMPTY_CLOCK, T0, "messaging")).toBe(EMPTY_CLOCK);
    expect(switchActivity(running, T0 + 3 * MINUTE, "messaging")).toEqual({
      stretches: [{ from: T0, to: T0 + 3 * MINUTE, activity: "review" }],
      open: { from: T0 + 3 * MINUTE, lastInput: T0 + 3 * MINUTE, activity: "messaging" },
    });
  });

  it("record 5, chat 5, record 5, chat 5 minutes: 10 of review from the start, then 10 of messaging right after", () => {
    let clock = startStretch(EMPTY_CLOCK, T0);
    for (const [minute, page] of [[5, "messaging"], [10, "review"], [15, "messaging"]] as const) clock = switchActivity(noteInput(clock, T0 + minute * MINUTE), T0 + minute * MINUTE, page);
    const entries = timerEntries(endStretch(noteInput(clock, T0 + 20 * MINUTE), T0 + 20 * MINUTE));
    expect(entries).toEqual([
      { activity: "review", start: "2026-03-02T09:00:00.000Z", minutes: 10, note: "Logged by the work timer (patient record and session review)." },
      { activity: "messaging", start: "2026-03-02T09:10:00.000Z", minutes: 10, note: "Logged by the work timer (messaging the patient)." },
    ]);
    // Each activity's partial minute is dropped on its own: 2.5 + 2.5 minutes log 4, never 5.
    const halves = switchActivity(startStretch(EMPTY_CLOCK, T0), T0 + 150_000, "messaging");
    expect(countedMinutes(halves, T0 + 300_000)).toBe(4);
    expect(minutesByActivity(timerEntries(endStretch(halves, T0 + 300_000)))).toEqual([
      { activity: "review", minutes: 2 },
      { activity: "messaging", minutes: 2 },
    ]);
  });

  it("says what was logged per activity", () => {
    const minutes = (count: number) => `${count} min`;
    expect(loggedLabel([{ activity: "review", minutes: 6 }], minutes)).toBe("6 min of review");
    expect(loggedLabel([{ activity: "review", minutes: 4 }, { activity: "messaging", minutes: 2 }], minutes)).toBe("4 min of review and 2 min of messaging");
  });
});
