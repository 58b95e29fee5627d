import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import type { AttemptNoteView } from "../../domain/session-review/attempt-mapping/attempt-row.ts";
import { AttemptNoteId, NoteTypeId, UserId } from "../../domain/shared/ids.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import type { RecordEditContext } from "../shared/record-edit.machine.ts";
import { noteEditMachine } from "./note-edit.machine.ts";

// The shared record-edit shape, explored through the note machine (the template machine is the same factory).
type SampleEvent = EventObject & Readonly<Record<string, unknown>>;
const machine: AnyStateMachine = noteEditMachine;

const author = { id: UserId.make(12), firstName: "Dana", lastName: "Reyes", email: "dana@example.org" };
const note: AttemptNoteView = {
  id: AttemptNoteId.make(1),
  type: { id: NoteTypeId.make(1), name: "Observation", color: "#2563eb", sortOrder: 1 },
  note: "Needed a cue.",
  createdBy: author,
  createdAt: "2026-01-01T10:00:00.000Z",
  lastEditedBy: null,
  updatedAt: "2026-01-01T10:00:00.000Z",
  version: 1,
};

const SAMPLE_EVENTS: readonly SampleEvent[] = [
  { type: "edit.save", draft: { typeId: note.type.id, content: "Needed two cues." } },
  { type: "xstate.done.actor.saveRecord", output: { ...note, version: 2 } },
  { type: "xstate.error.actor.saveRecord", error: { code: "ERROR_001", message: "An error occurred", status: 500 } },
  { type: "xstate.error.actor.saveRecord", error: { code: "ERROR_056", message: "Someone else changed this record", status: 412, field: "version" } },
  { type: "xstate.done.actor.loadRecord", output: { ...note, note: "Theirs.", version: 2 } },
  { type: "xstate.error.actor.loadRecord", error: { code: "ERROR_001", message: "An error occurred", status: 503 } },
  { type: "conflict.reload" },
  { type: "conflict.reapply" },
];

const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context: RecordEditContext<AttemptNoteView, unknown> = snapshot.context;
  return JSON.stringify({ value: snapshot.value, version: context.started.version, current: context.current?.version ?? null, mine: context.mine, failed: context.failure !== null });
};

describe("the record-edit machine (as the note-edit machine), explored with @xstate/graph", () => {
  const coverage = exploreCoverage(machine, { events: SAMPLE_EVENTS, serializeState, input: { record: note } });

  it("reaches every state node", () => {
    expect(coverage.stateIds).toEqual(["noteEdit.conflict", "noteEdit.editing", "noteEdit.loadingCurrent", "noteEdit.saved", "noteEdit.saving"]);
    expect(coverage.unreachedStateIds).toEqual([]);
  });

  it("takes every transition, the stale-version branch included", () => {
    expect(coverage.transitionKeys.length).toBeGreaterThanOrEqual(8);
    expect(coverage.untakenTransitionKeys).toEqual([]);
  });
});
