import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import type { NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import type { NoteTypeId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { noteFormLogicFor } from "./note-machines.ts";
import * as styles from "./session-review.css.ts";

export type NoteFormProps = {
  readonly title: string;
  readonly initial: { readonly typeId: NoteTypeId | null; readonly content: string };
  readonly noteTypes: NoteTypeList | undefined;
  readonly onCancel: () => void;
  readonly onSubmit: (typeId: NoteTypeId, content: string) => Promise<void>;
  /** A save the form did not start is on its way (saving again after a conflict). */
  readonly isBusy?: boolean;
};

// The form renders the note-form machine (docs/machines/note-form.md): what is typed, the check's
// problem, the save and its failure all live there. Escape cancels. Nothing typed is lost on a failed save: the
// form stays open with the server's message.
export function NoteForm({ title, initial, noteTypes, onCancel, onSubmit, isBusy = false }: NoteFormProps) {
  // The page's save; useActorRef hands the actor the implementations of every render, so the latest is called.
  const logic = useMemo(
    () => noteFormLogicFor(onSubmit),
    [onSubmit],
  );
  const actor = useActorRef(logic, { input: initial });
  const typeId = useSelector(actor, (snapshot) => snapshot.context.typeId);
  const content = useSelector(actor, (snapshot) => snapshot.context.content);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const saving = useSelector(actor, (snapshot) => snapshot.matches("saving"));
  // A refused note puts the focus on the field to fix, its message read with it (aria-describedby).
  const { ref: form, arm: focusErrorOnSubmit } = useFocusFirstInvalid<HTMLFormElement>(problem);
  // The button that opened the form is gone, so focus moves to the note itself.
  useEffect(() => {
    form.current?.querySelector("textarea")?.focus();
  }, [form]);
  return (
    <form
      ref={form}
      className={styles.noteForm}
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        focusErrorOnSubmit();
        actor.send({ type: "note.submit" });
      }}
      // Escape cancels like the Cancel button (the page gives the focus back to the button that
      // opened the form); captured, as a React Aria field may stop the key. A key from the open
      // Note type list (a portal outside the form) only closes that list.
      onKeyDownCapture={(event) => {
        if (event.key !== "Escape" || saving || isBusy || !(event.target instanceof Node) || form.current?.contains(event.target) !== true) return;
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
    >
      <SelectField
        label="Note type"
        options={(noteTypes ?? []).map((type) => ({ id: String(type.id), label: type.name }))}
        value={typeId === null ? null : String(typeId)}
        onChange={(id) => actor.send({ type: "note.type", typeId: (noteTypes ?? []).find((type) => String(type.id) === id)?.id ?? null })}
        isInvalid={problem?.field === "type"}
        {...(problem?.field === "type" ? { errorMessage: problem.message } : {})}
      />
      <TextField
        label="Note"
        rows={3}
        value={content}
        onChange={(text) => actor.send({ type: "note.content", content: text })}
        isInvalid={problem?.field === "content"}
        {...(problem?.field === "content" ? { errorMessage: problem.message } : {})}
      />
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <div className={styles.formActions}>
        <Button type="submit" isPending={saving || isBusy}>
          Save note
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={saving || isBusy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
