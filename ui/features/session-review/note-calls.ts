import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import type { AttemptId, AttemptNoteId, NoteTypeId } from "../../../domain/shared/ids.ts";

// What the notes of the session page ask of it: the page wires them to the notes calls.

/** Saves a new note (id and version null) or an edit of the note as it was opened (its version). */
export type NoteSaver = (note: {
  readonly id: AttemptNoteId | null;
  readonly version: number | null;
  readonly attemptId: AttemptId;
  readonly typeId: NoteTypeId;
  readonly content: string;
}) => Promise<AttemptNoteView>;

/** The note as stored now, read again after an edit of it was refused as stale. */
export type NoteLoader = (note: AttemptNoteView) => Promise<AttemptNoteView>;
