import { type RefObject, useEffect } from "react";
import type { AttemptFieldChange } from "../../../domain/session-review/attempt-conflict.ts";
import { editableFieldsFor, type EditField, RESULT_VALUE } from "../../../domain/session-review/attempt-edit.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { NumberField } from "../../kit/number-field.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { ConflictPanel, type ConflictRow, conflictText } from "../../forms/conflict-panel.tsx";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { type AttemptEditActor, useAttemptEditActor, useAttemptEditing } from "./use-attempt-editing.ts";
import { attemptEditName, RESULT_WORDS } from "./attempt-cell.tsx";
import * as styles from "./session-review.css.ts";

const RESULT_OPTIONS = [
  { id: RESULT_VALUE.correct, label: RESULT_WORDS.correct },
  { id: RESULT_VALUE.incorrect, label: RESULT_WORDS.wrong },
];

const valueText = (field: EditField, text: string | undefined): string => {
  if (field !== "result") return conflictText(text ?? "");
  return text === RESULT_VALUE.correct ? RESULT_WORDS.correct : text === RESULT_VALUE.incorrect ? RESULT_WORDS.wrong : "Not set";
};

const conflictRows = (row: AttemptRow, changes: readonly AttemptFieldChange[]): ConflictRow[] => {
  const labels = new Map(editableFieldsFor(row.kind).map((field) => [field.name, field.label]));
  return changes.map((change) => ({ field: change.field, label: labels.get(change.field) ?? change.field, theirs: valueText(change.field, change.theirs), mine: valueText(change.field, change.mine) }));
};

// The correction form of one attempt, drawn under its row: the fields its game allows (domain
// editableFieldsFor), each with its own error, and the save call's failure in the catalogue's
// words. Escape or Cancel closes it and the row keeps its values; a refused save puts the focus on
// the first field with a message, which the field's aria-describedby reads with it.
export function AttemptEditor({ row, label, actor }: { readonly row: AttemptRow; readonly label: string; readonly actor: AttemptEditActor }) {
  const editing = useAttemptEditing(actor);
  const fields = editableFieldsFor(row.kind);
  const { ref: form, arm: focusErrorOnSubmit } = useFocusFirstInvalid<HTMLFormElement>(editing.fieldErrors);
  // The row's edit button is disabled while its editor is open, so focus moves to the first field.
  const inConflict = editing.conflict !== null;
  // On opening, and once the reviewer has chosen in a conflict (the panel took the focus), focus is on the first field.
  useEffect(() => {
    if (!inConflict) form.current?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
  }, [inConflict, form]);
  return (
    <form
      ref={form}
      className={styles.noteForm}
      aria-label={attemptEditName(row, label)}
      onSubmit={(event) => {
        event.preventDefault();
        focusErrorOnSubmit();
        editing.save();
      }}
      // Captured before the fields see it: a React Aria field may stop the key's propagation. Escape
      // in the Result select's open list closes that list only (the browser keeps that key).
      onKeyDownCapture={(event) => {
        if (event.key !== "Escape" || editing.saving || !(event.target instanceof Node) || form.current?.contains(event.target) !== true) return;
        event.preventDefault();
        event.stopPropagation();
        editing.cancel();
      }}
    >
      <div className={styles.editor}>
        {fields.map((field) => {
          const value = editing.draft[field.name] ?? "";
          const error = editing.fieldErrors[field.name];
          const invalid = error === undefined ? {} : { isInvalid: true, errorMessage: error };
          switch (field.kind) {
            case "number":
              return (
                <NumberField
                  key={field.name}
                  label={`${field.label} (0 to 1)`}
                  value={value}
                  onChange={(text) => editing.change(field.name, text)}
                  {...invalid}
                />
              );
            case "select":
              return (
                <SelectField
                  key={field.name}
                  label={field.label}
                  options={RESULT_OPTIONS}
                  value={value === "" ? null : value}
                  onChange={(choice) => editing.change(field.name, choice)}
                  {...invalid}
                />
              );
            case "text":
              return (
                <TextField
                  key={field.name}
                  label={field.label}
                  value={value}
                  onChange={(text) => editing.change(field.name, text)}
                  {...(field.name === "transcription" ? {} : { description: "Separate words with commas" })}
                  {...invalid}
                />
              );
          }
        })}
      </div>
      <Alert>{editing.failure}</Alert>
      {editing.conflict === null ? null : (
        <ConflictPanel rows={conflictRows(row, editing.conflict)} onShowTheirs={editing.showTheirs} onSaveMine={editing.saveMineAgain} isSaving={editing.saving} />
      )}
      <div className={styles.formActions}>
        <Button type="submit" isPending={editing.saving} isDisabled={inConflict}>
          Save correction
        </Button>
        <Button variant="secondary" onPress={editing.cancel} isDisabled={editing.saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type MachineProps = {
  readonly gameType: string;
  readonly sessionId: GameSessionId;
  readonly levelId: GameLevelId;
  /** The label of the attempt being corrected, set by the page's Edit (deferred-attempt-editing.tsx). */
  readonly label: RefObject<string | null>;
  readonly onReady: (actor: AttemptEditActor) => void;
};

// The attempt-editing machine, created here so its code comes with the form's, after the session's
// heading (issue 35); the page gets it once and reads only which row is open. It draws nothing.
export function AttemptEditingMachine({ gameType, sessionId, levelId, label, onReady }: MachineProps) {
  const actor = useAttemptEditActor(gameType, sessionId, levelId, label);
  useEffect(() => onReady(actor), [actor, onReady]);
  return null;
}
