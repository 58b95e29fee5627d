import { lazy, Suspense, useEffect } from "react";
import type { NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { AttemptId, AttemptNoteId } from "../../../domain/shared/ids.ts";
import type { NoteLoader, NoteSaver } from "./note-calls.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { TableButton } from "../../kit/table-button.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import * as styles from "./session-review.css.ts";

const loadNoteForms = () => import("./note-forms.ts");
const NoteEditSection = lazy(() => loadNoteForms().then((module) => ({ default: module.NoteEditSection })));
const NoteForm = lazy(() => loadNoteForms().then((module) => ({ default: module.NoteForm })));
const loadingForm = <StatusMessage busy>Loading the note form…</StatusMessage>;

/** Which note form is open: a new note, or an edit of one note; one at a time on the whole page. */
export type NoteTarget = AttemptNoteId | "new";

type NotesProps = {
  readonly attemptId: AttemptId;
  /** The form open on this attempt, if any. */
  readonly editing: NoteTarget | null;
  /** While any note form is open, no other can be opened. */
  readonly locked: boolean;
  readonly onEditingChange: (attemptId: AttemptId, target: NoteTarget | null) => void;
  /** "attempt 2 of Apple": says which attempt the buttons act on. */
  readonly attemptLabel: string;
  readonly notes: ReadonlyArray<AttemptNoteView>;
  readonly noteTypes: NoteTypeList | undefined;
  readonly canAdd: boolean;
  readonly canEdit: boolean;
  readonly onSave: NoteSaver;
  readonly onLoad: NoteLoader;
};

// The note type's colour is a swatch beside its name, never the only sign of the type, and the
// text itself stays in the body colour so every note reads at 7:1 whatever colour the type has.
function NoteTypeLabel({ name, color }: { readonly name: string; readonly color: string }) {
  return (
    <span className={styles.noteType}>
      <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden="true" />
      {name}
    </span>
  );
}

/** The SLP notes of one attempt: each with its type, author and time, editable in place; and a form to add one. */
// Stateless, because a table draws one per attempt: which form is open lives on the page
// (useNoteEditing), which also hands the focus back when a form closes.
export function AttemptNotes({ attemptId, attemptLabel, notes, noteTypes, canAdd, canEdit, onSave, onLoad, editing, locked, onEditingChange }: NotesProps) {
  const setEditing = (target: NoteTarget | null) => onEditingChange(attemptId, target);
  // Asked for once the page has committed (one request for every row: the import is shared).
  useEffect(() => {
    if (canAdd || canEdit) void loadNoteForms();
  }, [canAdd, canEdit]);
  return (
    <div className={styles.notes}>
      {notes.length === 0 ? <span className={styles.muted}>No notes</span> : null}
      {notes.length > 0 ? (
        <ul className={styles.noteList}>
          {notes.map((note) =>
            editing === note.id ? (
              <li key={note.id}>
                <Suspense fallback={loadingForm}>
                  <NoteEditSection
                    title={`Edit note on ${attemptLabel}`}
                    note={note}
                    noteTypes={noteTypes}
                    attemptId={attemptId}
                    onSave={onSave}
                    onLoad={onLoad}
                    onSaved={() => setEditing(null)}
                    onCancel={() => setEditing(null)}
                  />
                </Suspense>
              </li>
            ) : (
              <li key={note.id} className={styles.note}>
                <NoteTypeLabel name={note.type.name} color={note.type.color} />
                <p className={styles.noteText}>{note.note}</p>
                <p className={styles.noteMeta}>
                  {fullNameOrNotSpecified(note.createdBy.firstName, note.createdBy.lastName)}, {formatDateTime(note.createdAt)}
                  {note.lastEditedBy === null
                    ? null
                    : ` · edited by ${fullNameOrNotSpecified(note.lastEditedBy.firstName, note.lastEditedBy.lastName)}, ${formatDateTime(note.updatedAt)}`}
                </p>
                {canEdit && editing === null ? (
                  <TableButton data-note-attempt={attemptId} data-note-button={note.id} disabled={locked} onClick={() => setEditing(note.id)} aria-label={`Edit note on ${attemptLabel}`}>
                    Edit note
                  </TableButton>
                ) : null}
              </li>
            ),
          )}
        </ul>
      ) : null}
      {editing === "new" ? (
        <Suspense fallback={loadingForm}>
          <NoteForm
            title={`New note on ${attemptLabel}`}
            initial={{ typeId: noteTypes?.[0]?.id ?? null, content: "" }}
            noteTypes={noteTypes}
            onCancel={() => setEditing(null)}
            onSubmit={async (typeId, content) => {
              await onSave({ id: null, version: null, attemptId, typeId, content });
              confirmChange({ title: "Note added", description: `On ${attemptLabel}.` });
              setEditing(null);
            }}
          />
        </Suspense>
      ) : canAdd && editing === null ? (
        <TableButton data-note-attempt={attemptId} data-note-button="new" disabled={locked} onClick={() => setEditing("new")} aria-label={`Add note on ${attemptLabel}`}>
          Add note
        </TableButton>
      ) : null}
    </div>
  );
}

