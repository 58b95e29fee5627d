import { afterEach, describe, expect, it } from "vitest";
import { createActor, fromCallback, SimulatedClock, waitFor } from "xstate";
import { INACTIVITY_CUTOFF_MS, TIMER_NOTES, type TimerActivity } from "../../domain/billing/work-timer.ts";
import { PatientId } from "../../domain/shared/ids.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { LEAVE_GRACE_MS, type SaveEntryInput, shownMinutes, workTimerMachine } from "./work-timer.machine.ts";

// The work timer with a fake at its one port (saveEntry): time arrives in the events, so nothing sleeps.
type Io = { saveEntry: { input: SaveEntryInput; output: unknown } };
let fakes = createScriptedActors<Io>(["saveEntry"]);

const MINUTE = 60_000;
const T0 = Date.parse("2026-03-02T09:00:00.000Z");
const patient = { id: PatientId.make(44), name: "Alex Doe" };

const start = (activity: TimerActivity = "review") => {
  fakes = createScriptedActors<Io>(["saveEntry"]);
  const actor = createActor(workTimerMachine.provide({ actors: fakes.actors })).start();
  actor.send({ type: "timer.start", patient, activity, at: T0 });
  return actor;
};
type Timer = ReturnType<typeof start>;
const settled = (actor: Timer) => waitFor(actor, (snapshot) => !snapshot.matches("saving"));
/** Input once a minute from `from` to `to` minutes: the person keeps working. */
const work = (actor: Timer, from: number, to: number) => {
  for (let minute = from; minute <= to; minute += 1) {
    actor.send({ type: "timer.activity", at: T0 + minute * MINUTE });
    actor.send({ type: "timer.tick", at: T0 + minute * MINUTE + 30_000 });
  }
};

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the work timer", () => {
  it("counts while running and shows whole minutes only", () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe("running");
    work(actor, 1, 4);
    // 4 min 30 s: the bar shows 4.
    expect(shownMinutes(actor.getSnapshot())).toBe(4);
  });

  it("does not count a pause, and resumes where it left off", () => {
    const actor = start();
    work(actor, 1, 3);
    actor.send({ type: "timer.pause", at: T0 + 3 * MINUTE });
    expect(actor.getSnapshot().value).toBe("paused");
    // A pause is never cut off for inactivity and its time is not counted.
    actor.send({ type: "timer.tick", at: T0 + 30 * MINUTE });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(shownMinutes(actor.getSnapshot())).toBe(3);
    actor.send({ type: "timer.resume", at: T0 + 30 * MINUTE });
    work(actor, 31, 32);
    expect(shownMinutes(actor.getSnapshot())).toBe(5);
  });

  it("stops after five minutes without input and drops the time after the last input", () => {
    const actor = start();
    work(actor, 1, 6);
    actor.send({ type: "timer.tick", at: T0 + 6 * MINUTE + INACTIVITY_CUTOFF_MS - 1 });
    expect(actor.getSnapshot().value).toBe("running");
    actor.send({ type: "timer.tick", at: T0 + 6 * MINUTE + INACTIVITY_CUTOFF_MS });
    const stopped = actor.getSnapshot();
    expect(stopped.value).toBe("stoppedForInactivity");
    expect(stopped.context.inactiveSince).toBe(T0 + 6 * MINUTE);
    expect(shownMinutes(stopped)).toBe(6);
    // Input alone does not restart it: the person resumes.
    actor.send({ type: "timer.activity", at: T0 + 20 * MINUTE });
    expect(actor.getSnapshot().value).toBe("stoppedForInactivity");
    actor.send({ type: "timer.resume", at: T0 + 20 * MINUTE });
    work(actor, 21, 22);
    expect(shownMinutes(actor.getSnapshot())).toBe(8);
  });

  it("logs the whole minutes as one review entry starting when the work began", async () => {
    const actor = start();
    work(actor, 1, 12);
    fakes.resolveNext("saveEntry", { id: 7 });
    actor.send({ type: "timer.stop", at: T0 + 12 * MINUTE + 59_000 });
    expect(actor.getSnapshot().value).toBe("saving");
    // Nothing else moves the timer while it saves.
    actor.send({ type: "timer.resume", at: T0 + 13 * MINUTE });
    const saved = await settled(actor);
    expect(saved.value).toBe("saved");
    expect(fakes.calls.saveEntry).toEqual([{ patientId: patient.id, entry: { activity: "review", start: "2026-03-02T09:00:00.000Z", minutes: 12, note: TIMER_NOTES.review } }]);
    expect(shownMinutes(saved)).toBe(12);
    // Starting again counts from zero: the logged time is not logged twice.
    actor.send({ type: "timer.resume", at: T0 + 20 * MINUTE });
    work(actor, 21, 23);
    expect(shownMinutes(actor.getSnapshot())).toBe(3);
  });

  it("logs nothing under a minute", () => {
    const actor = start();
    actor.send({ type: "timer.activity", at: T0 + 30_000 });
    actor.send({ type: "timer.stop", at: T0 + 59_999 });
    expect(actor.getSnapshot().value).toBe("saved");
    expect(actor.getSnapshot().context.stoppedMinutes).toBe(0);
    expect(fakes.calls.saveEntry).toEqual([]);
  });

  it("saves when the person leaves the patient's pages, then ends; with nothing counted it just ends", async () => {
    const actor = start();
    work(actor, 1, 2);
    actor.send({ type: "timer.pause", at: T0 + 2 * MINUTE });
    fakes.resolveNext("saveEntry", { id: 8 });
    actor.send({ type: "timer.leave", at: T0 + 9 * MINUTE });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(fakes.calls.saveEntry.map((call) => call.entry.minutes)).toEqual([2]);

    const idle = start();
    idle.send({ type: "timer.leave", at: T0 + 20_000 });
    expect(idle.getSnapshot().status).toBe("done");
  });

  it("splits a long day into entries of at most 600 minutes, sent one after the other", async () => {
    const actor = start();
    work(actor, 1, 700);
    fakes.resolveNext("saveEntry", { id: 1 });
    fakes.resolveNext("saveEntry", { id: 2 });
    actor.send({ type: "timer.stop", at: T0 + 700 * MINUTE });
    expect((await settled(actor)).value).toBe("saved");
    expect(fakes.calls.saveEntry.map((call) => [call.entry.start, call.entry.minutes])).toEqual([
      ["2026-03-02T09:00:00.000Z", 600],
      ["2026-03-02T19:00:00.000Z", 100],
    ]);
  });

  it("keeps a refused entry to try again, without sending the saved ones twice", async () => {
    const actor = start();
    work(actor, 1, 605);
    const refusal = { code: "ERROR_001", message: "An error occurred", status: 503 };
    fakes.resolveNext("saveEntry", { id: 1 });
    fakes.rejectNext("saveEntry", refusal);
    actor.send({ type: "timer.stop", at: T0 + 605 * MINUTE });
    const failed = await settled(actor);
    expect(failed.value).toBe("failed");
    expect(failed.context.failure).toEqual(refusal);
    expect(failed.context.pending.map((entry) => entry.minutes)).toEqual([5]);
    fakes.resolveNext("saveEntry", { id: 2 });
    actor.send({ type: "timer.retry" });
    expect((await settled(actor)).value).toBe("saved");
    expect(fakes.calls.saveEntry.map((call) => call.entry.minutes)).toEqual([600, 5, 5]);
  });

  it("ends after a refused save when the person leaves, keeping what was not logged for the page to tell", async () => {
    const actor = start();
    work(actor, 1, 3);
    fakes.rejectNext("saveEntry", { code: "ERROR_001", message: "An error occurred", status: 503 });
    actor.send({ type: "timer.leave", at: T0 + 3 * MINUTE });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().context.pending.map((entry) => entry.minutes)).toEqual([3]);
  });

  describe("the activity of the page shown (the record and session review, the patient's chat)", () => {
    it("ends the stretch when the person goes from the record to the chat, and logs each activity's whole minutes with its note", async () => {
      const actor = start();
      actor.send({ type: "timer.attach", activity: "review", at: T0 });
      work(actor, 1, 4);
      // The chat's bar comes before the record's goes (either order is one switch).
      actor.send({ type: "timer.attach", activity: "messaging", at: T0 + 4 * MINUTE + 30_000 });
      actor.send({ type: "timer.detach", at: T0 + 4 * MINUTE + 30_000 });
      expect(actor.getSnapshot().context.activity).toBe("messaging");
      work(actor, 5, 9);
      // 4.5 minutes of review and 5 of messaging so far: 4 + 5 whole minutes, never 9.5 rounded to 10.
      expect(shownMinutes(actor.getSnapshot())).toBe(9);
      fakes.resolveNext("saveEntry", { id: 1 });
      fakes.resolveNext("saveEntry", { id: 2 });
      actor.send({ type: "timer.stop", at: T0 + 10 * MINUTE });
      const saved = await settled(actor);
      expect(fakes.calls.saveEntry.map((call) => call.entry)).toEqual([
        { activity: "review", start: "2026-03-02T09:00:00.000Z", minutes: 4, note: TIMER_NOTES.review },
        { activity: "messaging", start: "2026-03-02T09:04:30.000Z", minutes: 5, note: TIMER_NOTES.messaging },
      ]);
      expect(saved.context).toMatchObject({ stoppedMinutes: 9, logged: [{ activity: "review", minutes: 4 }, { activity: "messaging", minutes: 5 }] });
    });

    it("started on the chat counts messaging, and resumes as the page shown now", async () => {
      const actor = start("messaging");
      work(actor, 1, 3);
      actor.send({ type: "timer.pause", at: T0 + 3 * MINUTE });
      // Back to the record while paused: nothing is counted until Resume, then as review.
      actor.send({ type: "timer.attach", activity: "review", at: T0 + 5 * MINUTE });
      expect(actor.getSnapshot().value).toBe("paused");
      actor.send({ type: "timer.resume", at: T0 + 6 * MINUTE });
      work(actor, 7, 8);
      fakes.resolveNext("saveEntry", { id: 1 });
      fakes.resolveNext("saveEntry", { id: 2 });
      actor.send({ type: "timer.stop", at: T0 + 8 * MINUTE });
      await settled(actor);
      expect(fakes.calls.saveEntry.map((call) => [call.entry.activity, call.entry.start, call.entry.minutes])).toEqual([
        ["messaging", "2026-03-02T09:00:00.000Z", 3],
        ["review", "2026-03-02T09:06:00.000Z", 2],
      ]);
    });

    it("a page switch after the cut-off passed stops the timer at the last input instead of starting anew", () => {
      const actor = start();
      work(actor, 1, 2);
      actor.send({ type: "timer.attach", activity: "messaging", at: T0 + 2 * MINUTE + INACTIVITY_CUTOFF_MS });
      const stopped = actor.getSnapshot();
      expect(stopped.value).toBe("stoppedForInactivity");
      expect(stopped.context).toMatchObject({ activity: "messaging", inactiveSince: T0 + 2 * MINUTE, clock: { open: null } });
      expect(shownMinutes(stopped)).toBe(2);
    });
  });

  describe("the patient's pages coming and going", () => {
    // The grace period is the machine's own delay: a simulated clock moves it, nothing sleeps.
    const startWithClock = () => {
      fakes = createScriptedActors<Io>(["saveEntry"]);
      const clock = new SimulatedClock();
      const actor = createActor(workTimerMachine.provide({ actors: fakes.actors }), { clock }).start();
      actor.send({ type: "timer.start", patient, activity: "review", at: T0 });
      actor.send({ type: "timer.attach", activity: "review", at: T0 });
      return { actor, clock };
    };

    it("waits LEAVE_GRACE_MS after the last bar went, then leaves at the moment it went and saves", async () => {
      const { actor, clock } = startWithClock();
      work(actor, 1, 3);
      actor.send({ type: "timer.detach", at: T0 + 3 * MINUTE });
      clock.increment(LEAVE_GRACE_MS - 1);
      expect(actor.getSnapshot().value).toBe("running");
      fakes.resolveNext("saveEntry", { id: 8 });
      clock.increment(1);
      await waitFor(actor, (snapshot) => snapshot.status === "done");
      // Three whole minutes: the stretch ended when the bar went, not when the grace ran out.
      expect(fakes.calls.saveEntry.map((call) => call.entry.minutes)).toEqual([3]);
    });

    it("keeps running when a bar of the patient comes back within the grace period", () => {
      const { actor, clock } = startWithClock();
      actor.send({ type: "timer.detach", at: T0 + MINUTE });
      expect(actor.getSnapshot().context.leftAt).toBe(T0 + MINUTE);
      clock.increment(LEAVE_GRACE_MS / 2);
      actor.send({ type: "timer.attach", activity: "review", at: T0 + MINUTE + LEAVE_GRACE_MS / 2 });
      clock.increment(LEAVE_GRACE_MS * 2);
      expect(actor.getSnapshot().value).toBe("running");
      expect(actor.getSnapshot().context).toMatchObject({ views: 1, leftAt: null });
    });

    it("waits only when the last of several bars goes", () => {
      const { actor, clock } = startWithClock();
      actor.send({ type: "timer.attach", activity: "review", at: T0 });
      actor.send({ type: "timer.detach", at: T0 + MINUTE });
      clock.increment(LEAVE_GRACE_MS * 2);
      expect(actor.getSnapshot().value).toBe("running");
      expect(actor.getSnapshot().context).toMatchObject({ views: 1, leftAt: null });
    });
  });

  it("beats only while it runs: the page's clock starts with running and stops with a pause", () => {
    fakes = createScriptedActors<Io>(["saveEntry"]);
    const beats: string[] = [];
    const ticker = fromCallback(() => {
      beats.push("start");
      return () => beats.push("stop");
    });
    const actor = createActor(workTimerMachine.provide({ actors: { ...fakes.actors, ticker } })).start();
    expect(beats).toEqual([]);
    actor.send({ type: "timer.start", patient, activity: "review", at: T0 });
    actor.send({ type: "timer.pause", at: T0 + MINUTE });
    actor.send({ type: "timer.resume", at: T0 + 2 * MINUTE });
    expect(beats).toEqual(["start", "stop", "start"]);
  });
});
