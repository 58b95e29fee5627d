import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { newCallDraft } from "../../../domain/billing/time-log-panel.ts";
import type { CallRecord } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import type { CallField } from "../../../machines/billing/time-log-forms.machine.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./time-log.css.ts";
import { callFormLogicFor } from "./time-log-machines.ts";
import { useCreateCall } from "./use-time-log.ts";


export type CallLogProps = {
  readonly patientId: PatientId;
  readonly month: string;
  readonly calls: UseQueryResult<readonly CallRecord[]>;
  readonly canLog: boolean;
  /** The institution's IANA zone: a call's day and "today" are on its calendar. */
  readonly timeZone: string;
};

// The month's live calls (a live call makes the month's management minutes billable), and for
// those who may log them, a form: the day, its length, who took part.
export function CallLog({ patientId, calls, canLog, timeZone }: CallLogProps) {
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
        <CallForm patientId={patientId} timeZone={timeZone} onClose={close} />
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

function CallForm({ patientId, timeZone, onClose }: { readonly patientId: PatientId; readonly timeZone: string; readonly onClose: () => void }) {
  const headingId = useId();
  const create = useCreateCall(patientId);
  const [logic] = useState(() =>
    callFormLogicFor({ timeZone }, ({ draft, value }) => create.mutateAsync({ date: draft.date, minutes: value.minutes, participants: draft.participants.trim() })),
  );
  // A new call is on the institution's today, the day most calls are logged.
  const [started] = useState(() => newCallDraft(new Date(), timeZone));
  const actor = useActorRef(logic, { input: { draft: started } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const created = useSelector(actor, (snapshot) => snapshot.context.created);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);

  useEffect(() => {
    if (created === null) return;
    confirmChange({ title: `Call logged: ${dayLabel(created.date)}, ${created.minutes} minutes` });
    onClose();
  }, [created, onClose]);

  const set = (field: CallField) => (text: string) => actor.send({ type: "form.change", field, value: text });
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
  const fieldProps = (field: CallField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });

  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape anywhere in the form cancels it; the fields take the keys
    <div ref={focusRef} className={styles.card} role="group" aria-labelledby={headingId} onKeyDown={escape}>
      <h4 id={headingId} className={styles.subheading}>
        Log a call
      </h4>
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.fieldRow}>
          <DateField label="Call date" isRequired autoFocus value={draft.date} onChange={set("date")} description="This month or last" {...fieldProps("date")} />
          <TextField label="Call length in minutes" inputMode="numeric" isRequired description="1 to 240" value={draft.minutes} onChange={set("minutes")} {...fieldProps("minutes")} />
        </div>
        <TextField label="Participants" isRequired description="Who took part, such as “patient and daughter”." value={draft.participants} onChange={set("participants")} {...fieldProps("participants")} />
        <div className={styles.buttons}>
          <Button type="submit" isPending={pending}>
            Log the call
          </Button>
          <Button variant="secondary" isDisabled={pending} onPress={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
