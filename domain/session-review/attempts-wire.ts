import * as Schema from "effect/Schema";
import { AttemptId, AttemptNoteId, NoteTypeId, UserId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { Email, PersonName, proseText } from "../shared/wire/text-fields.ts";

/** The longest note an SLP can leave on one attempt. */
export const MAX_NOTE_LENGTH = 5000;

/** A kind of SLP note (e.g. observation, recommendation), with the colour its badge is drawn in and its place in lists. */
export const NoteType = Schema.Struct({
  id: NoteTypeId,
  name: Schema.String,
  color: Schema.String.check(Schema.isPattern(/^#[0-9A-Fa-f]{6}$/, { expected: "a #rrggbb colour" })),
  sort_order: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
});
export type NoteType = typeof NoteType.Type;

/** GET note-types/ response: every note type, in sort order. */
export const NoteTypeList = Schema.Array(NoteType);
export type NoteTypeList = typeof NoteTypeList.Type;

/** Who wrote or last edited a note. */
export const NoteAuthor = Schema.Struct({
  id: UserId,
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
});
export type NoteAuthor = typeof NoteAuthor.Type;

/** An SLP's note on one game attempt, with who wrote it and who last edited it (null if nobody has). */
export const AttemptNote = Schema.Struct({
  id: AttemptNoteId,
  game_attempt: AttemptId,
  type: NoteType,
  note: Schema.String,
  created_by: NoteAuthor,
  created_at: IsoDateTime,
  last_edited_by: Schema.NullOr(NoteAuthor),
  updated_at: IsoDateTime,
  /** The note's version (docs/api.md, "Versions and concurrent edits"): an edit may send it back. */
  version: RecordVersion,
});
export type AttemptNote = typeof AttemptNote.Type;

/** POST attempt-notes/ and PATCH attempt-notes/{id}/: which attempt, which kind of note, and its text (trimmed, non-empty). */
export const AttemptNoteBody = Schema.Struct({
  game_attempt: AttemptId,
  note_type: NoteTypeId,
  // Prose: invisible direction and width characters are dropped, not refused (docs/validation.md).
  content: proseText(MAX_NOTE_LENGTH).check(Schema.isMinLength(1)),
});
export type AttemptNoteBody = typeof AttemptNoteBody.Type;

/** PATCH attempt-notes/{id}/: the note's body, and optionally the version the edit started from (a note changed since is not overwritten: 412). */
export const AttemptNotePatchBody = Schema.Struct({ ...AttemptNoteBody.fields, ...versionField });
export type AttemptNotePatchBody = typeof AttemptNotePatchBody.Type;

/** Route parameters of attempt-notes/{id}/. */
export const AttemptNotePathParams = Schema.Struct({ id: idFromUrl(AttemptNoteId) });
export type AttemptNotePathParams = typeof AttemptNotePathParams.Type;
