import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { correctionOf } from "../../../domain/billing/time-entry-correction.ts";
import { ACTIVITY_LABEL, entryDraftOf, newEntryDraft } from "../../../domain/billing/time-log-panel.ts";
import type { TimeEntry } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import type { EntryField } from "../../../machines/billing/time-log-forms.machine.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { TimeField } from "../../kit/time-field.tsx";
import * as styles from "./time-log.css.ts";
import { timeEntryFormLogicFor } from "./time-log-machines.ts";
import { useCreateTimeEntry, usePatchTimeEntry } from "./use-time-log.ts";

const ACTIVITY_OPTIONS = Object.entries(ACTIVITY_LABEL).map(([id, label]) => ({ id, label }));

export type TimeEntryFormProps = {
  readonly patientId: PatientId;
  /** The entry corrected, or null for a new one. */
  readonly entry: TimeEntry | null;
  /** The institution's IANA zone: the start is typed and shown on its clocks. */
  readonly timeZone: string;
  /** Closes the form; the caller returns the focus to what opened it. */
  readonly onClose: () => void;
};

// A manual time entry, or a correction of one with its reason (issue 24, "Time capture"), on the
// time-entry form machine. A new entry opens at now on the institution's clocks, with the focus on
// the first field (Activity); a correction opens on its reason, the field it must fill. The date
// and time are the kit's segmented fields, typed by keyboard. The machine checks what the server
// checks (the log window included) before sending; each message sits under its field and the focus
// goes to the first one. Escape cancels. A stale correction (412) says so and the log reloads.
export function TimeEntryForm({ patientId, entry, timeZone, onClose }: TimeEntryFormProps) {
  const headingId = useId();
  const correcting = entry !== null;
  const create = useCreateTimeEntry(patientId);
  const patch = usePatchTimeEntry(patientId);
  // A new entry opens at the moment the form opens, on the institution's clocks (read once, not at each render).
  const [started] = useState(() => (entry === null ? newEntryDraft(new Date(), timeZone) : entryDraftOf(entry, timeZone)));
  const [logic] = useState(() =>
    timeEntryFormLogicFor({ timeZone, correcting }, ({ draft, value }) => {
      const note = draft.note.trim();
      if (entry === null) return create.mutateAsync({ activity: value.activity, start: value.start, minutes: value.minutes, ...(note === "" ? {} : { note }) });
      return patch.mutateAsync({ entryId: entry.id, body: correctionOf(entry, { ...value, note: draft.note, reason: draft.reason }, timeZone) });
    }),
  );
  const actor = useActorRef(logic, { input: { draft: started } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const value = useSelector(actor, (snapshot) => snapshot.context.value);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const done = useSelector(actor, (snapshot) => snapshot.matches("done"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);

  useEffect(() => {
    if (!done || value === null) return;
    const label = `${value.minutes} minutes of ${ACTIVITY_LABEL[value.activity].toLowerCase()}`;
    confirmChange({ title: correcting ? `Entry corrected: ${label}` : `Time logged: ${label}` });
    onClose();
  }, [done, value, correcting, onClose]);

  const alert =
    failure === null
      ? null
      : isStaleVersionFailure(failure)
        ? "Someone else changed this entry meanwhile. The log has been reloaded: close this form, check the entry and make your change again."
        : failureMessage(failure);

  const set = (field: EntryField) => (text: string) => actor.send({ type: "form.change", field, value: text });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    actor.send({ type: "form.submit", now: new Date() });
  };

  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  const fieldProps = (field: EntryField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });

  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape anywhere in the form cancels it; the fields take the keys
    <div ref={focusRef} className={styles.card} role="group" aria-labelledby={headingId} onKeyDown={escape}>
      <h4 id={headingId} className={styles.subheading}>
        {correcting ? "Correct the time entry" : "Log time"}
      </h4>
      <Alert>{alert}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        <SelectField label="Activity" options={ACTIVITY_OPTIONS} value={draft.activity === "" ? null : draft.activity} onChange={set("activity")} isRequired autoFocus={!correcting} {...fieldProps("activity")} />
        <div className={styles.fieldRow}>
          <DateField label="Start date" isRequired value={draft.date} onChange={set("date")} description={`This month or last, ${timeZone} time`} {...fieldProps("date")} />
          <TimeField label="Start time" isRequired value={draft.time} onChange={set("time")} {...fieldProps("time")} />
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
