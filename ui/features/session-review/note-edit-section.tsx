import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { waitFor } from "xstate";
import type { NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { type NoteFieldChange, noteConflict } from "../../../domain/session-review/note-conflict.ts";
import type { AttemptId, NoteTypeId } from "../../../domain/shared/ids.ts";
import { isRecordSaveBusy } from "../../../machines/shared/record-edit.machine.ts";
import { confirmChange, confirmNothingChanged } from "../../feedback/confirm-change.ts";
import { type ConflictRow, ConflictPanel, conflictText } from "../../forms/conflict-panel.tsx";
import type { NoteLoader, NoteSaver } from "./note-calls.ts";
import { NoteForm } from "./note-form.tsx";
import { noteEditLogicFor } from "./note-machines.ts";

type Props = {
  readonly title: string;
  readonly note: AttemptNoteView;
  readonly noteTypes: NoteTypeList | undefined;
  readonly attemptId: AttemptId;
  /** Sends the edit naming the version it started from; answers the note as saved. */
  readonly onSave: NoteSaver;
  /** The note as stored now (the session read again). */
  readonly onLoad: NoteLoader;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

const LABEL: Readonly<Record<NoteFieldChange["field"], string>> = { typeId: "Note type", content: "Note" };

/** The conflict table's rows: the note type by its name (from the list, else the stored note's), the text as written. */
const rowsOf = (changes: readonly NoteFieldChange[], current: AttemptNoteView, noteTypes: NoteTypeList | undefined): ConflictRow[] => {
  const typeName = (id: NoteTypeId) => noteTypes?.find((type) => type.id === id)?.name ?? (id === current.type.id ? current.type.name : `Type ${id}`);
  return changes.map((change) => ({
    field: change.field,
    label: LABEL[change.field],
    theirs: conflictText(change.field === "typeId" ? typeName(change.theirs as NoteTypeId) : String(change.theirs)),
    mine: conflictText(change.field === "typeId" ? typeName(change.mine as NoteTypeId) : String(change.mine)),
  }));
};

// Editing one note through the note-edit machine (docs/session-review.md, "Concurrent edits"): a
// save names the version the note was opened on; if someone else changed it meanwhile, the
// conflict panel shows what changed above the form, which keeps the text and type until the SLP
// chooses. "Show their version" opens a fresh form on the stored note.
export function NoteEditSection({ title, note, noteTypes, attemptId, onSave, onLoad, onSaved, onCancel }: Props) {
  const logic = useMemo(
    () =>
      noteEditLogicFor({
        save: (input) => onSave({ id: input.record.id, version: input.record.version, attemptId, typeId: input.draft.typeId, content: input.draft.content }),
        load: (input) => onLoad(input.record),
      }),
    [attemptId, onSave, onLoad],
  );
  const actor = useActorRef(logic, { input: { record: note } });
  const started = useSelector(actor, (snapshot) => snapshot.context.started);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const mine = useSelector(actor, (snapshot) => snapshot.context.mine);
  const inConflict = useSelector(actor, (snapshot) => snapshot.matches("conflict"));
  const busy = useSelector(actor, isRecordSaveBusy);
  const done = useSelector(actor, (snapshot) => snapshot.status === "done");
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (!done) return;
    confirmChange({ title: "Note saved" });
    onSaved();
  }, [done, onSaved]);

  // The form's promise settles with the machine: another refusal is the form's to show; a conflict
  // is the panel's, so the form just keeps the draft.
  const submit = useCallback(
    async (typeId: NoteTypeId, content: string) => {
      // The same type and text as opened: no call, and the form closes saying so rather than silently.
      if (!actor.getSnapshot().matches("conflict") && typeId === started.type.id && content === started.note.trim()) {
        confirmNothingChanged();
        onCancel();
        return;
      }
      actor.send({ type: "edit.save", draft: { typeId, content } });
      const settled = await waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot), { timeout: Number.POSITIVE_INFINITY });
      if (settled.matches("editing") && settled.context.failure !== null) throw settled.context.failure;
    },
    [actor, started, onCancel],
  );

  // After a choice the panel is gone and focus goes back to the note's text.
  const section = useRef<HTMLDivElement>(null);
  const wasInConflict = useRef(false);
  useEffect(() => {
    if (inConflict) wasInConflict.current = true;
    else if (wasInConflict.current) {
      wasInConflict.current = false;
      section.current?.querySelector("textarea")?.focus();
    }
  }, [inConflict]);

  const rows = inConflict && current !== null && mine !== null ? rowsOf(noteConflict(started, current, mine), current, noteTypes) : null;
  return (
    <div ref={section}>
      {rows === null ? null : (
        <ConflictPanel
          rows={rows}
          onShowTheirs={() => {
            actor.send({ type: "conflict.reload" });
            setFormKey((key) => key + 1);
          }}
          onSaveMine={() => {
            // The form reopens on the draft carried onto the stored note, so a save after another
            // refusal cannot undo a change the SLP did not make.
            actor.send({ type: "conflict.reapply" });
            setFormKey((key) => key + 1);
          }}
          isSaving={busy}
        />
      )}
      <NoteForm
        key={formKey}
        title={title}
        initial={mine ?? { typeId: started.type.id, content: started.note }}
        noteTypes={noteTypes}
        onCancel={onCancel}
        onSubmit={submit}
        isBusy={busy}
      />
    </div>
  );
}
