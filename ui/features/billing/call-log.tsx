import type { UseQueryResult } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { type CallDraft, checkCall, type FieldErrors } from "../../../domain/billing/time-log-panel.ts";
import type { CallRecord } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./time-log.css.ts";
import { useCreateCall } from "./use-time-log.ts";

type Field = "date" | "minutes" | "participants";

const pad = (n: number) => String(n).padStart(2, "0");
const today = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export type CallLogProps = {
  readonly patientId: PatientId;
  readonly month: string;
  readonly calls: UseQueryResult<readonly CallRecord[]>;
  readonly canLog: boolean;
};

// The month's live calls (a live call makes the month's management minutes billable), and for
// those who may log them, a form: the day, its length, who took part.
export function CallLog({ patientId, calls, canLog }: CallLogProps) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const focusBack = useRef(false);
  const close = () => {
    focusBack.current = true;
    setAdding(false);
  };
  // Once the form has left the page, the focus goes back to Add call.
  useEffect(() => {
    if (adding || !focusBack.current) return;
    focusBack.current = false;
    opener.current?.focus();
  }, [adding]);
  return (
    <section className={styles.logs} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        Calls
      </h3>
      <QueryStatus query={calls} loading="Loading the calls…" status="" busy={calls.isFetching} />
      {calls.data === undefined ? null : calls.data.length === 0 ? (
        <p className={styles.totals}>No call logged this month.</p>
      ) : (
        <ul className={styles.calls} aria-labelledby={headingId}>
          {calls.data.map((call) => (
            <li key={call.id}>
              {dayLabel(call.date)}: {call.minutes} minutes with {call.participants}
            </li>
          ))}
        </ul>
      )}
      {!canLog ? null : adding ? (
        <CallForm patientId={patientId} onClose={close} />
      ) : (
        <div className={styles.buttons}>
          <Button ref={opener} variant="secondary" onPress={() => setAdding(true)}>
            Add call
          </Button>
        </div>
      )}
    </section>
  );
}

function CallForm({ patientId, onClose }: { readonly patientId: PatientId; readonly onClose: () => void }) {
  const headingId = useId();
  const [draft, setDraft] = useState<CallDraft>({ date: "", minutes: "", participants: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const create = useCreateCall(patientId);

  const set = (field: Field) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = checkCall(draft, today(new Date()));
    armFocus();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setAlert(null);
    create.mutateAsync({ date: draft.date, minutes: checked.minutes, participants: draft.participants.trim() }).then(
      (call) => {
        confirmChange({ title: `Call logged: ${dayLabel(call.date)}, ${call.minutes} minutes` });
        onClose();
      },
      (error: unknown) => {
        const field = isApiFailure(error) ? error.field : undefined;
        if (isApiFailure(error) && (field === "date" || field === "minutes" || field === "participants")) setErrors({ [field]: error.message });
        else setAlert(failureMessage(error));
      },
    );
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
        Log a call
      </h4>
      <Alert>{alert}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.fieldRow}>
          <TextField label="Call date" type="date" isRequired autoFocus value={draft.date} onChange={set("date")} {...fieldProps("date")} />
          <TextField label="Call length in minutes" inputMode="numeric" isRequired description="1 to 240" value={draft.minutes} onChange={set("minutes")} {...fieldProps("minutes")} />
        </div>
        <TextField label="Participants" isRequired description="Who took part, such as “patient and daughter”." value={draft.participants} onChange={set("participants")} {...fieldProps("participants")} />
        <div className={styles.buttons}>
          <Button type="submit" isPending={create.isPending}>
            Log the call
          </Button>
          <Button variant="secondary" isDisabled={create.isPending} onPress={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
