import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { type AddendumField, BLANK_ADDENDUM, type ProgressReportWire } from "../../../domain/progress-reports/index.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { addendumFormLogicFor } from "./progress-reports-machines.ts";
import * as styles from "./reports.css.ts";
import { useReportAnswer, useReportsApi } from "./use-progress-reports.ts";

export type AddendumFormProps = {
  readonly report: ProgressReportWire;
  /** Closes the form; the caller returns the focus to "Add addendum". */
  readonly onClose: () => void;
};

// An addendum to a signed report (issue 37) on the addendum form machine: the text (required) and
// the signer's credentials (blank: the report's signer's). A blank text is refused under its field
// with the focus there; once signed the addendum shows in the report with its signer and time,
// "Addendum signed" is announced and the form closes.
export function AddendumForm({ report, onClose }: AddendumFormProps) {
  const headingId = useId();
  const api = useReportsApi();
  const answer = useReportAnswer(report.patient);
  // The machine is made once per opening of the form, with the signing of this report's addendum.
  const [logic] = useState(() => addendumFormLogicFor(async ({ value, basis }) => answer(await api.addAddendum(basis.report.id, value))));
  const actor = useActorRef(logic, { input: { draft: BLANK_ADDENDUM, basis: { report } } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const done = useSelector(actor, (snapshot) => snapshot.matches("done"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);

  useEffect(() => {
    if (!done) return;
    confirmChange({ title: "Addendum signed" });
    onClose();
  }, [done, onClose]);

  const set = (field: AddendumField) => (value: string) => actor.send({ type: "form.change", field, value });
  const fieldProps = (field: AddendumField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const sign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    // The check reads no clock: the addendum's instant is the server's.
    actor.send({ type: "form.submit", now: new Date(0) });
  };
  const credentials = report.signer?.credentials ?? "";
  return (
    <div ref={focusRef} className={styles.screenOnly} role="group" aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.partHeading}>
        New addendum
      </h4>
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <Form onSubmit={sign} validationBehavior="aria">
        <TextField label="Addendum" rows={4} isRequired description="A signed correction or addition; the report itself stays as signed." value={draft.text} onChange={set("text")} {...fieldProps("text")} />
        <TextField
          label="Your credentials, optional"
          description={credentials === "" ? "As they go under your signature" : `Blank: ${credentials}, as on the report`}
          value={draft.credentials}
          onChange={set("credentials")}
          {...fieldProps("credentials")}
        />
        <div className={styles.buttons}>
          <Button type="submit" isPending={pending}>
            Sign the addendum
          </Button>
          <Button variant="secondary" isDisabled={pending} onPress={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
