import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import type { ProgressReportWire } from "../../../domain/progress-reports/index.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import { type ReportFormField, reportFormDraftOf } from "../../../machines/progress-reports/report-form.machine.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { reportFormLogicFor } from "./progress-reports-machines.ts";
import * as styles from "./reports.css.ts";
import { useReportAnswer, useReportsApi } from "./use-progress-reports.ts";

export type ReportFormProps = {
  readonly report: ProgressReportWire;
  /** The signed-in person's name: the signer of the report. */
  readonly signerName: string;
};

// The SLP's part of a draft report (issue 37) on the report form machine: assessment, plan, changes
// to goals, credentials and NPI. "Save draft" keeps them; "Sign" is refused while an element is
// missing, with the message under its field and the focus on it. A stale save (412) says so.
export function ReportForm({ report, signerName }: ReportFormProps) {
  const api = useReportsApi();
  const answer = useReportAnswer(report.patient);
  // The machine is made once per opened report, with the saves and the signing of it.
  const [logic] = useState(() =>
    reportFormLogicFor(signerName, async ({ value, basis }) => {
      const saved = answer(await api.saveFields(basis.report.id, { ...value.fields, version: basis.report.version }));
      if (value.intent === "save") {
        confirmChange({ title: "Draft saved" });
        return saved;
      }
      const signed = answer(await api.signReport(saved.id, saved.version));
      confirmChange({ title: "Report signed" });
      return signed;
    }),
  );
  const actor = useActorRef(logic, { input: { draft: reportFormDraftOf(report), basis: { report, signerName } } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const alert = failure === null ? null : isStaleVersionFailure(failure) ? "Someone else changed this report meanwhile. It has been reloaded: check it and make your change again." : failureMessage(failure);

  const set = (field: ReportFormField) => (value: string) => actor.send({ type: "form.change", field, value });
  const fieldProps = (field: ReportFormField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const sign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    // Signing's check reads no clock: the instant is the server's.
    actor.send({ type: "form.submit", now: new Date(0) });
  };
  return (
    <div ref={focusRef} className={styles.screenOnly} role="group" aria-label="Your part of the report">
      <Alert>{alert}</Alert>
      <Form onSubmit={sign} validationBehavior="aria">
        <TextField label="Assessment" rows={3} value={draft.assessment} onChange={set("assessment")} {...fieldProps("assessment")} />
        <TextField label="Plan" rows={3} isRequired value={draft.plan} onChange={set("plan")} {...fieldProps("plan")} />
        <TextField label="Changes to goals" rows={2} value={draft.goal_changes} onChange={set("goal_changes")} {...fieldProps("goal_changes")} />
        <TextField label="Your credentials" isRequired description="As they go under your signature, for example MS, CCC-SLP" value={draft.credentials} onChange={set("credentials")} {...fieldProps("credentials")} />
        <TextField label={report.npi_required ? "NPI" : "NPI, optional"} isRequired={report.npi_required} inputMode="numeric" value={draft.npi} onChange={set("npi")} {...fieldProps("npi")} />
        <div className={styles.buttons}>
          <Button variant="secondary" isDisabled={pending} onPress={() => actor.send({ type: "form.send", value: { intent: "save", fields: draft } })}>
            Save draft
          </Button>
          <Button type="submit" isPending={pending}>
            Sign the report
          </Button>
        </div>
      </Form>
    </div>
  );
}
