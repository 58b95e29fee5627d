import { useEffect, useRef, useState } from "react";
import { MAX_NOTE_LENGTH, type NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import type { NoteTypeId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
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

// Nothing typed is lost on a failed save: the form stays open with the server's message.
export function NoteForm({ title, initial, noteTypes, onCancel, onSubmit, isBusy = false }: NoteFormProps) {
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
