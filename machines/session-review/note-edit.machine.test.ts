import { describe, expect, it } from "vitest";
import type { AttemptNoteView } from "../../domain/session-review/attempt-mapping/attempt-row.ts";
import type { NoteDraft } from "../../domain/session-review/note-conflict.ts";
import { AttemptNoteId, NoteTypeId, UserId } from "../../domain/shared/ids.ts";
import { recordEditHarness, STALE_VERSION } from "../shared/testing/record-edit-harness.test-helper.ts";
import { noteEditMachine } from "./note-edit.machine.ts";


const author = { id: UserId.make(12), firstName: "Dana", lastName: "Reyes", email: "dana@example.org" };
const observation = { id: NoteTypeId.make(1), name: "Observation", color: "#2563eb", sortOrder: 1 };
const progress = { id: NoteTypeId.make(2), name: "Progress", color: "#16a34a", sortOrder: 2 };
const started: AttemptNoteView = {
  id: AttemptNoteId.make(1),
  type: observation,
  note: "Needed a cue.",
  createdBy: author,
  createdAt: "2026-01-01T10:00:00.000Z",
  lastEditedBy: null,
  updatedAt: "2026-01-01T10:00:00.000Z",
  version: 1,
};
// Someone else changed the note's type meanwhile; the SLP rewrote its text.
const theirs: AttemptNoteView = { ...started, type: progress, version: 2 };
const mine: NoteDraft = { typeId: observation.id, content: "Needed a phonemic cue." };

const harness = recordEditHarness(noteEditMachine, started);
const { start, settled } = harness;
const conflicted = () => harness.conflicted(mine, theirs);

describe("editing a note", () => {
  it("saves against the version it was opened on and ends with the stored note", async () => {
    const actor = start();
    const saved = { ...started, note: mine.content, version: 2 };
    harness.fakes().resolveNext("saveRecord", saved);
    actor.send({ type: "edit.save", draft: mine });
    const snapshot = await settled(actor);
    expect(harness.fakes().calls.saveRecord).toEqual([{ record: started, draft: mine }]);
    expect(snapshot.status).toBe("done");
    expect(snapshot.context.saved).toEqual(saved);
  });

  it("any other refusal goes back to the form with its reason, and reads nothing", async () => {
    const actor = start();
    harness.fakes().rejectNext("saveRecord", { code: "ERROR_001", message: "An error occurred", status: 500 });
    actor.send({ type: "edit.save", draft: mine });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context).toMatchObject({ failure: { code: "ERROR_001" }, mine });
    expect(harness.fakes().calls.loadRecord).toEqual([]);
  });
});

describe("someone else changed the note meanwhile", () => {
  it("a stale save reads the stored note and keeps the SLP's draft", async () => {
    const actor = await conflicted();
    expect(harness.fakes().calls.loadRecord).toEqual([{ record: started }]);
    expect(actor.getSnapshot().context).toMatchObject({ started, current: theirs, mine, failure: null });
  });

  it("reload drops the draft and the next save names the stored version", async () => {
    const actor = await conflicted();
    actor.send({ type: "conflict.reload" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context).toMatchObject({ started: theirs, current: null, mine: null });
    const again = { typeId: progress.id, content: "Cue given." };
    harness.fakes().resolveNext("saveRecord", { ...theirs, note: again.content, version: 3 });
    actor.send({ type: "edit.save", draft: again });
    await settled(actor);
    expect(harness.fakes().calls.saveRecord.at(-1)).toEqual({ record: theirs, draft: again });
  });

  it("reapply sends the SLP's text with their type kept, naming the stored version", async () => {
    const actor = await conflicted();
    harness.fakes().resolveNext("saveRecord", { ...theirs, note: mine.content, version: 3 });
    actor.send({ type: "conflict.reapply" });
    const snapshot = await settled(actor);
    expect(harness.fakes().calls.saveRecord[1]).toEqual({ record: theirs, draft: { typeId: progress.id, content: mine.content } });
    expect(snapshot.status).toBe("done");
  });

  it("a second conflict on reapply is a new conflict against the newest note", async () => {
    const actor = await conflicted();
    const newer = { ...theirs, note: "Rewritten by a colleague.", version: 3 };
    harness.fakes().rejectNext("saveRecord", STALE_VERSION);
    harness.fakes().resolveNext("loadRecord", newer);
    actor.send({ type: "conflict.reapply" });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("conflict");
    expect(snapshot.context).toMatchObject({ started: theirs, current: newer, mine: { typeId: progress.id, content: mine.content } });
  });

  it("if the stored note cannot be read, the form stays with the reason and the draft", async () => {
    const actor = start();
    harness.fakes().rejectNext("saveRecord", STALE_VERSION);
    harness.fakes().rejectNext("loadRecord", { code: "ERROR_001", message: "An error occurred", status: 503 });
    actor.send({ type: "edit.save", draft: mine });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context).toMatchObject({ failure: { status: 503 }, mine });
  });
});
