import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import { exampleRow } from "../../domain/session-review/example-rows.test-helper.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import { attemptEditMachine } from "./attempt-edit.machine.ts";
import type { AttemptEditContext } from "./attempt-edit.setup.ts";

// Sample events carry payloads, and invoke results are events the machine never declares itself.
type SampleEvent = EventObject & Readonly<Record<string, unknown>>;
const machine: AnyStateMachine = attemptEditMachine;

/** One sample of every event, with the payload variants that pick each guarded branch. */
const SAMPLE_EVENTS: readonly SampleEvent[] = [
  { type: "edit.start", row: exampleRow("naming", 5001, "naming") },
  { type: "edit.start", row: exampleRow("naming", 5003, "naming") },
  { type: "edit.change", field: "score", value: "0.5" },
  { type: "edit.change", field: "score", value: "2" },
  { type: "edit.change", field: "transcription", value: "not offered for naming" },
  { type: "edit.save" },
  { type: "edit.cancel" },
  { type: "xstate.done.actor.saveAttempt", output: {} },
  { type: "xstate.error.actor.saveAttempt", error: { code: "ERROR_056", message: "The field is not valid", status: 400 } },
  { type: "xstate.error.actor.saveAttempt", error: { code: "ERROR_056", message: "Someone else changed this record", status: 412, field: "version" } },
  { type: "xstate.done.actor.loadAttempt", output: { ...exampleRow("naming", 5001, "naming"), score: 0.7, version: 2 } },
  { type: "xstate.done.actor.loadAttempt", output: { ...exampleRow("naming", 5001, "naming"), score: 0.5, version: 2 } },
  { type: "xstate.done.actor.loadAttempt", output: null },
  { type: "xstate.error.actor.loadAttempt", error: { code: "ERROR_001", message: "An error occurred", status: 503 } },
  { type: "conflict.reload" },
  { type: "conflict.reapply" },
];

// What decides later transitions: the state, the open row, what was typed and which messages show.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context: AttemptEditContext = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    row: context.row?.id ?? null,
    version: context.row?.version ?? null,
    current: context.current?.score ?? null,
    draft: context.draft,
    errors: Object.keys(context.fieldErrors),
    failure: context.failure?.code ?? null,
    saved: context.lastSaved,
  });
};

const exploration = { events: SAMPLE_EVENTS, serializeState, input: { gameType: "naming" } };

describe("the attempt-editing machine, explored with @xstate/graph", () => {
  const coverage = exploreCoverage(machine, exploration);

  it("reaches every state node", () => {
    expect(coverage.stateIds).toEqual([
      "attemptEdit.conflict",
      "attemptEdit.editing",
      "attemptEdit.loadingCurrent",
      "attemptEdit.saving",
      "attemptEdit.viewing",
    ]);
    expect(coverage.unreachedStateIds).toEqual([]);
  });

  it("takes every transition, guarded branches and invoke results included", () => {
    expect(coverage.transitionKeys.length).toBeGreaterThanOrEqual(10);
    expect(coverage.untakenTransitionKeys).toEqual([]);
  });

  it("would notice a guarded branch no sample event takes", () => {
    const validOnly = SAMPLE_EVENTS.filter((event) => event.value !== "2");
    expect(exploreCoverage(machine, { ...exploration, events: validOnly }).untakenTransitionKeys).toEqual([
      "attemptEdit.editing --edit.save [draftIsInvalid]--> (stays)",
    ]);
  });
});
