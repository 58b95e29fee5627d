import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { DUE_KIND_NAMES, type ReportSettingsField, type ReportSettingsWire, reportSettingsDraftOf } from "../../../domain/progress-reports/index.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Checkbox } from "../../kit/checkbox.tsx";
import { Form } from "../../kit/form.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { Radio } from "../../kit/radio.tsx";
import { RadioGroup } from "../../kit/radio-group.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as pageStyles from "../../shell/content-page.css.ts";
import { reportSettingsFormLogicFor } from "./progress-reports-machines.ts";
import * as styles from "./reports.css.ts";
import { reportSettingsKey, useReportSettings, useReportsApi } from "./use-progress-reports.ts";

export type ReportSettingsSectionProps = { readonly institutionId: InstitutionId };

/** The form on the rule as read: "Save" keeps it and the form stays open on the saved rule. */
function ReportSettingsForm({ settings }: { readonly settings: ReportSettingsWire }) {
  const api = useReportsApi();
  const queryClient = useQueryClient();
  // The machine is made once per read rule, with the saving of it.
  const [logic] = useState(() =>
    reportSettingsFormLogicFor(async ({ value }) => {
      const saved = await api.saveSettings(settings.institution, value);
      queryClient.setQueryData(reportSettingsKey(settings.institution), saved);
      confirmChange({ title: "Progress report settings saved" });
      return saved;
    }),
  );
  const actor = useActorRef(logic, { input: { draft: reportSettingsDraftOf(settings) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const fieldProps = (field: ReportSettingsField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    // The check reads no clock.
    actor.send({ type: "form.submit", now: new Date(0) });
  };
  const unit = draft.due_kind === "treatment_days" ? "treatment days (days with clinician time logged)" : "calendar days";
  return (
    <div ref={focusRef}>
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <Form onSubmit={save} validationBehavior="aria">
        <RadioGroup label="Reports fall due" value={draft.due_kind} onChange={(value) => actor.send({ type: "form.change", field: "due_kind", value: value === "treatment_days" ? "treatment_days" : "calendar_days" })}>
          <Radio value="calendar_days" label={DUE_KIND_NAMES.calendar_days} />
          <Radio value="treatment_days" label={DUE_KIND_NAMES.treatment_days} />
        </RadioGroup>
        <TextField
          label="N, the number of days"
          isRequired
          inputMode="numeric"
          description={`A report falls due every N ${unit}, from 1 to 365.`}
          value={draft.due_every}
          onChange={(value) => actor.send({ type: "form.change", field: "due_every", value })}
          {...fieldProps("due_every")}
        />
        <Checkbox label="The signer's NPI is required" isSelected={draft.npi_required} onChange={(value) => actor.send({ type: "form.change", field: "npi_required", value })} />
        <div className={styles.buttons}>
          <Button type="submit" isPending={pending}>
            Save report settings
          </Button>
        </div>
      </Form>
    </div>
  );
}

// "Progress reports" on the institution's page (issue 37, docs/progress-reports.md, "Settings"),
// for the institution's own administrators: when reports fall due and whether an NPI is asked.
export function ReportSettingsSection({ institutionId }: ReportSettingsSectionProps) {
  const settings = useReportSettings(institutionId);
  return (
    <section className={pageStyles.section} aria-labelledby="report-settings-heading">
      <h2 id="report-settings-heading" className={pageStyles.subheading}>
        Progress reports
      </h2>
      <QueryStatus query={settings} loading="Loading the progress report settings…" status="" busy={settings.isFetching} />
      {settings.data === undefined ? null : <ReportSettingsForm key={settings.data.updated_at ?? "default"} settings={settings.data} />}
    </section>
  );
}
