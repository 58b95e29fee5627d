import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import * as Schema from "effect/Schema";
import { unionMinutes } from "./management-time.ts";
import { TimeEntryCreateBody } from "./time-log-wire.ts";
import {
  EMPTY_CLOCK,
  endStretch,
  INACTIVITY_CUTOFF_MS,
  isInactive,
  noteInput,
  startStretch,
  TIMER_NOTE,
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
      expect(entry).toMatchObject({ activity: "review", note: TIMER_NOTE });
      expect(Schema.decodeUnknownExit(TimeEntryCreateBody)(entry)._tag).toBe("Success");
    }
  });

  test.prop([fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: MINUTE - 1 })])("split into back-to-back entries of 1 to 600 minutes whose union is their sum", (whole, extra) => {
    const clock: WorkClock = { stretches: [{ from: T0, to: T0 + whole * MINUTE + extra }], open: null };
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
    expect(timerEntries({ stretches: [{ from: T0, to: T0 + 59_999 }], open: null })).toEqual([]);
    expect(timerEntries(startStretch(EMPTY_CLOCK, T0))).toEqual([]);
    expect(timerEntries({ stretches: [{ from: T0, to: T0 + 61_000 }], open: null })).toEqual([{ activity: "review", start: "2026-03-02T09:00:00.000Z", minutes: 1, note: TIMER_NOTE }]);
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
