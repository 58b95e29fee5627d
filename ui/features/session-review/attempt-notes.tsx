import { useEffect, useRef, useState } from "react";
import { MAX_NOTE_LENGTH, type NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { AttemptId, AttemptNoteId, NoteTypeId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { TableButton } from "../../kit/table-button.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./session-review.css.ts";

/** Saves a new note (id and version null) or an edit of the note as it was opened (its version). */
export type NoteSaver = (note: {
  readonly id: AttemptNoteId | null;
  readonly version: number | null;
  readonly attemptId: AttemptId;
  readonly typeId: NoteTypeId;
  readonly content: string;
}) => Promise<unknown>;

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
export function AttemptNotes({ attemptId, attemptLabel, notes, noteTypes, canAdd, canEdit, onSave, editing, locked, onEditingChange }: NotesProps) {
  const setEditing = (target: NoteTarget | null) => onEditingChange(attemptId, target);
  return (
    <div className={styles.notes}>
      {notes.length === 0 ? <span className={styles.muted}>No notes</span> : null}
      {notes.length > 0 ? (
        <ul className={styles.noteList}>
          {notes.map((note) =>
            editing === note.id ? (
              <li key={note.id}>
                <NoteForm
                  title={`Edit note on ${attemptLabel}`}
                  initial={{ typeId: note.type.id, content: note.note }}
                  noteTypes={noteTypes}
                  onCancel={() => setEditing(null)}
                  onSubmit={async (typeId, content) => {
                    await onSave({ id: note.id, version: note.version, attemptId, typeId, content });
                    setEditing(null);
                  }}
                />
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
        <NoteForm
          title={`New note on ${attemptLabel}`}
          initial={{ typeId: noteTypes?.[0]?.id ?? null, content: "" }}
          noteTypes={noteTypes}
          onCancel={() => setEditing(null)}
          onSubmit={async (typeId, content) => {
            await onSave({ id: null, version: null, attemptId, typeId, content });
            setEditing(null);
          }}
        />
      ) : canAdd && editing === null ? (
        <TableButton data-note-attempt={attemptId} data-note-button="new" disabled={locked} onClick={() => setEditing("new")} aria-label={`Add note on ${attemptLabel}`}>
          Add note
        </TableButton>
      ) : null}
    </div>
  );
}

type NoteFormProps = {
  readonly title: string;
  readonly initial: { readonly typeId: NoteTypeId | null; readonly content: string };
  readonly noteTypes: NoteTypeList | undefined;
  readonly onCancel: () => void;
  readonly onSubmit: (typeId: NoteTypeId, content: string) => Promise<void>;
};

// Nothing typed is lost on a failed save: the form stays open with the server's message.
function NoteForm({ title, initial, noteTypes, onCancel, onSubmit }: NoteFormProps) {
  const [typeId, setTypeId] = useState<NoteTypeId | null>(initial.typeId);
  const [content, setContent] = useState(initial.content);
  const [problem, setProblem] = useState<{ readonly field: "type" | "content" | "save"; readonly message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone, so focus moves to the note itself.
  useEffect(() => {
    form.current?.querySelector("textarea")?.focus();
  }, []);
  const submit = async () => {
    const text = content.trim();
    if (typeId === null) return setProblem({ field: "type", message: "Choose a note type" });
    if (text === "") return setProblem({ field: "content", message: "The note is required" });
    if (text.length > MAX_NOTE_LENGTH) return setProblem({ field: "content", message: `The note must be at most ${MAX_NOTE_LENGTH} characters` });
    setSaving(true);
    setProblem(null);
    try {
      await onSubmit(typeId, text);
    } catch (error) {
      setProblem({ field: "save", message: failureMessage(error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      ref={form}
      className={styles.noteForm}
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label="Note type"
        options={(noteTypes ?? []).map((type) => ({ id: String(type.id), label: type.name }))}
        value={typeId === null ? null : String(typeId)}
        onChange={(id) => setTypeId((noteTypes ?? []).find((type) => String(type.id) === id)?.id ?? null)}
        isInvalid={problem?.field === "type"}
        {...(problem?.field === "type" ? { errorMessage: problem.message } : {})}
      />
      <TextField
        label="Note"
        rows={3}
        value={content}
        onChange={setContent}
        isInvalid={problem?.field === "content"}
        {...(problem?.field === "content" ? { errorMessage: problem.message } : {})}
      />
      <Alert>{problem?.field === "save" ? problem.message : null}</Alert>
      <div className={styles.formActions}>
        <Button type="submit" isPending={saving}>
          Save note
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
