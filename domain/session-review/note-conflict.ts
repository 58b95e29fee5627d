import { changedFields, type FieldChange, rebaseDraft, type SameValue } from "../shared/record-conflict.ts";
import type { NoteTypeId } from "../shared/ids.ts";
import type { AttemptNoteView } from "./attempt-mapping/attempt-row.ts";

/** A note as its edit form holds it: which kind of note, and its text. */
export type NoteDraft = { readonly typeId: NoteTypeId; readonly content: string };

/** One field of a note the SLP edited: as they opened it, as stored now, as they typed it. */
export type NoteFieldChange = FieldChange<NoteDraft, keyof NoteDraft & string>;

/** The edit form of a note as stored. */
export const noteDraftOf = (note: AttemptNoteView): NoteDraft => ({ typeId: note.type.id, content: note.note });

// The form saves the text trimmed, so spacing around it is not an edit of its own.
const sameNoteValue: SameValue = (a, b) => (typeof a === "string" && typeof b === "string" ? a.trim() === b.trim() : a === b);

/** What someone else's edit of a note means for the SLP's: the text and the note type, each only if the SLP changed it. */
export const noteConflict = (started: AttemptNoteView, current: AttemptNoteView, draft: NoteDraft): readonly NoteFieldChange[] =>
  changedFields(noteDraftOf(started), noteDraftOf(current), draft, sameNoteValue);

/** The SLP's note edit carried onto the note as stored now: what they changed stays theirs, the rest is what is stored. */
export const noteDraftOnCurrent = (started: AttemptNoteView, current: AttemptNoteView, draft: NoteDraft): NoteDraft =>
  rebaseDraft(noteDraftOf(started), noteDraftOf(current), draft, sameNoteValue);
