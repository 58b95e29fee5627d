import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import { countedMinutes } from "../../domain/billing/work-timer.ts";
import { PatientId } from "../../domain/shared/ids.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import type { WorkTimerContext } from "./work-timer.machine.ts";
import { workTimerMachine } from "./work-timer.machine.ts";

// Every state and transition of the work timer, explored with @xstate/graph over sample events.
type SampleEvent = EventObject & Readonly<Record<string, unknown>>;
const machine: AnyStateMachine = workTimerMachine;
const MINUTE = 60_000;
const T0 = Date.parse("2026-03-02T09:00:00.000Z");

const SAMPLE_EVENTS: readonly SampleEvent[] = [
  { type: "timer.start", patient: { id: PatientId.make(44), name: "Alex Doe" }, activity: "review", at: T0 },
  { type: "timer.activity", at: T0 + 30_000 },
  { type: "timer.activity", at: T0 + 3 * MINUTE },
  { type: "timer.tick", at: T0 + 2 * MINUTE },
  { type: "timer.tick", at: T0 + 1_000 * MINUTE },
  { type: "timer.pause", at: T0 + 20_000 },
  { type: "timer.pause", at: T0 + 2 * MINUTE },
  { type: "timer.resume", at: T0 + 3 * MINUTE },
  { type: "timer.stop", at: T0 + 20_000 },
  { type: "timer.stop", at: T0 + 2 * MINUTE },
  { type: "timer.leave", at: T0 + 20_000 },
  { type: "timer.leave", at: T0 + 2 * MINUTE },
  { type: "timer.retry" },
  { type: "timer.attach", activity: "messaging", at: T0 + 2 * MINUTE },
  { type: "timer.attach", activity: "review", at: T0 + 1_000 * MINUTE },
  { type: "timer.detach", at: T0 + MINUTE },
  { type: "xstate.done.actor.saveEntry", output: { id: 1 } },
  { type: "xstate.error.actor.saveEntry", error: { code: "ERROR_001", message: "An error occurred", status: 503 } },
];

const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context: WorkTimerContext = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    activity: context.activity,
    open: context.clock.open?.activity ?? null,
    stretches: context.clock.stretches.length,
    minutes: countedMinutes(context.clock, context.now),
    pending: context.pending.length,
    leaving: context.leaving,
    failed: context.failure !== null,
    views: Math.min(context.views, 2),
    away: context.leftAt !== null,
  });
};

describe("the work timer, explored with @xstate/graph", () => {
  const coverage = exploreCoverage(machine, { events: SAMPLE_EVENTS, serializeState });

  it("reaches every state node", () => {
    expect(coverage.stateIds).toEqual([
      "workTimer.ended",
      "workTimer.failed",
      "workTimer.paused",
      "workTimer.ready",
      "workTimer.running",
      "workTimer.saved",
      "workTimer.saving",
      "workTimer.stoppedForInactivity",
    ]);
    expect(coverage.unreachedStateIds).toEqual([]);
  });

  it("takes every transition except the split's next entry (a stop past 600 minutes: work-timer.machine.test.ts)", () => {
        expect(coverage.transitionKeys.length).toBeGreaterThanOrEqual(34);
    // A page switch while running: the stretch changes activity, or the timer stops when the cut-off has passed.
    expect(coverage.transitionKeys).toEqual(expect.arrayContaining(["workTimer.running --timer.attach--> (stays)", "workTimer.running --timer.attach [inactive]--> workTimer.stoppedForInactivity"]));
    expect(coverage.untakenTransitionKeys.filter((key) => !key.includes("moreToSave"))).toEqual([]);
  });
});
