import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { ACTIVITY_LABEL, checkEntry, type EntryDraft, type FieldErrors, startOf } from "../../../domain/billing/time-log-panel.ts";
import type { TimeEntry } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./time-log.css.ts";
import { useCreateTimeEntry, usePatchTimeEntry } from "./use-time-log.ts";

type Field = "activity" | "date" | "time" | "minutes" | "note" | "reason";

const ACTIVITY_OPTIONS = Object.entries(ACTIVITY_LABEL).map(([id, label]) => ({ id, label }));

const pad = (n: number) => String(n).padStart(2, "0");
const localDate = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
const localTime = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}`;

const draftOf = (entry: TimeEntry | null): EntryDraft => {
  if (entry === null) return { activity: "", date: "", time: "", minutes: "", note: "", reason: "" };
  const at = new Date(entry.start);
  return { activity: entry.activity, date: localDate(at), time: localTime(at), minutes: String(entry.minutes), note: entry.note, reason: "" };
};

/** The server names the field it refused; the form shows it there. */
const FIELD_OF: Readonly<Record<string, Field>> = { activity: "activity", start: "date", minutes: "minutes", note: "note", reason: "reason" };

export type TimeEntryFormProps = {
  readonly patientId: PatientId;
  /** The entry corrected, or null for a new one. */
  readonly entry: TimeEntry | null;
  /** Closes the form; the caller returns the focus to what opened it. */
  readonly onClose: () => void;
};

// A manual time entry, or a correction of one with its reason (issue 24, "Time capture"). The form
// checks what the server checks before sending; each message sits under its field and the focus
// goes to the first one. Escape cancels. A stale correction (412) says so and the log reloads.
export function TimeEntryForm({ patientId, entry, onClose }: TimeEntryFormProps) {
  const headingId = useId();
  const correcting = entry !== null;
  const [draft, setDraft] = useState<EntryDraft>(() => draftOf(entry));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const create = useCreateTimeEntry(patientId);
  const patch = usePatchTimeEntry(patientId);
  const pending = create.isPending || patch.isPending;

  const set = (field: keyof EntryDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const refused = (error: unknown) => {
    if (isStaleVersionFailure(error)) {
      setAlert("Someone else changed this entry meanwhile. The log has been reloaded: close this form, check the entry and make your change again.");
      return;
    }
    const field = isApiFailure(error) && error.field !== undefined ? FIELD_OF[error.field] : undefined;
    if (field !== undefined && isApiFailure(error)) {
      armFocus();
      setErrors({ [field]: error.message });
      return;
    }
    setAlert(failureMessage(error));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkEntry(draft, correcting, new Date());
    armFocus();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setAlert(null);
    const note = draft.note.trim();
    const label = `${checked.minutes} minutes of ${ACTIVITY_LABEL[checked.activity].toLowerCase()}`;
    if (entry === null) {
      create.mutateAsync({ activity: checked.activity, start: checked.start, minutes: checked.minutes, ...(note === "" ? {} : { note }) }).then(() => {
        confirmChange({ title: `Time logged: ${label}` });
        onClose();
      }, refused);
    } else {
      patch
        .mutateAsync({
          entryId: entry.id,
          // Only what changed: a start shown to the minute is not sent back truncated.
          body: {
            ...(checked.activity === entry.activity ? {} : { activity: checked.activity }),
            ...(startOf(draftOf(entry).date, draftOf(entry).time) === checked.start ? {} : { start: checked.start }),
            ...(checked.minutes === entry.minutes ? {} : { minutes: checked.minutes }),
            ...(note === entry.note.trim() ? {} : { note }),
            reason: draft.reason.trim(),
            version: entry.version,
          },
        })
        .then(() => {
          confirmChange({ title: `Entry corrected: ${label}` });
          onClose();
        }, refused);
    }
  };

  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  const fieldProps = (field: Field) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });

  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape anywhere in the form cancels it; the fields take the keys
    <div ref={focusRef} className={styles.card} role="group" aria-labelledby={headingId} onKeyDown={escape}>
      <h4 id={headingId} className={styles.subheading}>
        {correcting ? "Correct the time entry" : "Log time"}
      </h4>
      <Alert>{alert}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        <SelectField label="Activity" options={ACTIVITY_OPTIONS} value={draft.activity === "" ? null : draft.activity} onChange={set("activity")} isRequired {...fieldProps("activity")} />
        <div className={styles.fieldRow}>
          <TextField label="Start date" type="date" isRequired value={draft.date} onChange={set("date")} autoFocus={!correcting} {...fieldProps("date")} />
          <TextField label="Start time" type="time" isRequired value={draft.time} onChange={set("time")} {...fieldProps("time")} />
          <TextField label="Length in minutes" inputMode="numeric" isRequired value={draft.minutes} onChange={set("minutes")} description="1 to 600" {...fieldProps("minutes")} />
        </div>
        <TextField label="Note" rows={3} value={draft.note} onChange={set("note")} {...fieldProps("note")} />
        {correcting ? <TextField label="Reason for the change" rows={2} isRequired value={draft.reason} onChange={set("reason")} autoFocus {...fieldProps("reason")} /> : null}
        <div className={styles.buttons}>
          <Button type="submit" isPending={pending}>
            {correcting ? "Save the correction" : "Log time"}
          </Button>
          <Button variant="secondary" isDisabled={pending} onPress={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
