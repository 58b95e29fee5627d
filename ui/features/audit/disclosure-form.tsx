import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { type DisclosureField, newDisclosureDraft } from "../../../domain/audit/disclosure-form.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { disclosureFormLogicFor } from "./disclosure-machines.ts";
import { useRecordDisclosure } from "./use-disclosures.ts";
import * as styles from "./audit.css.ts";

// Recording a disclosure by hand (issue 38, accounting of disclosures): the day, the recipient and
// their address, what was disclosed and why. The form is the disclosure machine's (the shared
// create-form machine); it empties for the next entry, and the accounting above reads again.
export function DisclosureForm({ patient, today }: { readonly patient: PatientId; readonly today: string }) {
  const record = useRecordDisclosure();
  const [logic] = useState(() =>
    disclosureFormLogicFor(patient, async (body) => {
      const written = await record.mutateAsync(body);
      confirmChange({ title: `Disclosure of ${dayLabel(written.disclosed_on)} to ${written.recipient} recorded` });
      return written;
    }),
  );
  const actor = useActorRef(logic, { input: { draft: newDisclosureDraft(today) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref, arm } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const set = (field: DisclosureField) => (value: string) => actor.send({ type: "form.change", field, value });
  const fieldProps = (field: DisclosureField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    arm();
    actor.send({ type: "form.submit", now: new Date() });
  };
  return (
    <section className={`${styles.section} ${styles.screenOnly}`} aria-labelledby="disclosure-form-heading">
      <h2 id="disclosure-form-heading" className={styles.subheading}>
        Record a disclosure
      </h2>
      <p className={styles.muted}>Only disclosures outside treatment, payment and health care operations, and not to the patient themselves.</p>
      <div ref={ref}>
        <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
        <Form onSubmit={submit} validationBehavior="aria" aria-label="Record a disclosure">
          <DateField label="Date of the disclosure" isRequired value={draft.disclosed_on} onChange={set("disclosed_on")} {...fieldProps("disclosed_on")} />
          <TextField label="Recipient" isRequired value={draft.recipient} onChange={set("recipient")} description="The person or organisation that received the information" {...fieldProps("recipient")} />
          <TextField label="Recipient's address" isRequired rows={2} value={draft.recipient_address} onChange={set("recipient_address")} {...fieldProps("recipient_address")} />
          <TextField label="What was disclosed" isRequired rows={2} value={draft.what} onChange={set("what")} {...fieldProps("what")} />
          <TextField label="Purpose" isRequired rows={2} value={draft.purpose} onChange={set("purpose")} description="Why it was disclosed, or a copy of the request" {...fieldProps("purpose")} />
          <div className={styles.actions}>
            <Button type="submit" isPending={pending}>
              Record the disclosure
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}
