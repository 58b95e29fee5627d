import { describe, expect, it } from "vitest";
import { AttemptNoteId, NoteTypeId, UserId } from "../shared/ids.ts";
import type { AttemptNoteView } from "./attempt-mapping/attempt-row.ts";
import { noteConflict, noteDraftOf, noteDraftOnCurrent } from "./note-conflict.ts";

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
const theirs: AttemptNoteView = { ...started, type: progress, note: "Needed two cues.", version: 2 };

describe("a note someone else changed", () => {
  it("lists the text the SLP rewrote with their words and the stored ones, and not the type they left alone", () => {
    const draft = { ...noteDraftOf(started), content: "Needed a phonemic cue." };
    expect(noteConflict(started, theirs, draft)).toEqual([
      { field: "content", started: "Needed a cue.", theirs: "Needed two cues.", mine: "Needed a phonemic cue.", changedByThem: true },
    ]);
    expect(noteDraftOnCurrent(started, theirs, draft)).toEqual({ typeId: progress.id, content: "Needed a phonemic cue." });
  });

  it("spacing around the text is not an edit (the form saves it trimmed)", () => {
    const draft = { ...noteDraftOf(started), content: "  Needed a cue.  " };
    expect(noteConflict(started, theirs, draft)).toEqual([]);
    expect(noteDraftOnCurrent(started, theirs, draft)).toEqual(noteDraftOf(theirs));
  });

  it("lists the type when the SLP changed it", () => {
    const draft = { ...noteDraftOf(started), typeId: progress.id };
    expect(noteConflict(started, { ...theirs, type: observation }, draft).map((change) => [change.field, change.changedByThem])).toEqual([["typeId", false]]);
  });
});
