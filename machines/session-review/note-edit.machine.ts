import type { AttemptNoteView } from "../../domain/session-review/attempt-mapping/attempt-row.ts";
import { type NoteDraft, noteDraftOnCurrent } from "../../domain/session-review/note-conflict.ts";
import { createRecordEditMachine, type LoadRecordInput, type SaveRecordInput } from "../shared/record-edit.machine.ts";

/** What `saveRecord` is given: PATCH attempt-notes/{record.id}/ with the draft, If-Match `record.version`. */
export type SaveNoteInput = SaveRecordInput<AttemptNoteView, NoteDraft>;
/** What `loadRecord` is given: read the session again and answer this note as stored now. */
export type LoadNoteInput = LoadRecordInput<AttemptNoteView>;

/**
 * Editing an SLP note (docs/session-review.md, "Concurrent edits"): a stale save reads the session
 * again for the note as stored, keeps the SLP's text and type, and lets them choose.
 */
export const noteEditMachine = createRecordEditMachine<AttemptNoteView, NoteDraft>({ id: "noteEdit", rebase: noteDraftOnCurrent });
