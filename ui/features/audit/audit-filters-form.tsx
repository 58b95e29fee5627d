import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { AUDIT_OUTCOMES } from "../../../domain/audit/audit-vocabulary.ts";
import { type AuditFilterField, type AuditFilterValues, filterDraftOf } from "../../../domain/audit/audit-view.ts";
import { ACTION_LABEL, KIND_LABEL, OUTCOME_LABEL } from "../../../domain/audit/audit-words.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { PatientPicker } from "../patients/index.ts";
import { auditFilterFormLogicFor } from "./audit-machines.ts";
import { PersonPicker } from "./person-picker.tsx";
import * as styles from "./audit.css.ts";

/** A select's "no filter" choice (a list box cannot hold an empty id). */
const ANY = "any";
const optionsOf = (labels: Readonly<Record<string, string>>, any: string) => [{ id: ANY, label: any }, ...Object.entries(labels).map(([id, label]) => ({ id, label }))];
const ACTION_OPTIONS = optionsOf(ACTION_LABEL, "Any action");
const KIND_OPTIONS = optionsOf(KIND_LABEL, "Any kind");
const OUTCOME_OPTIONS = optionsOf(Object.fromEntries(AUDIT_OUTCOMES.map((outcome) => [outcome, OUTCOME_LABEL[outcome]])), "Any outcome");

export type AuditFiltersFormProps = {
  readonly filters: AuditFilterValues;
  readonly onApply: (filters: AuditFilterValues) => void;
  /** Whether the viewer may filter on a patient (not the super administrator, whose log holds no patient). */
  readonly patientFilter: boolean;
};

// The log's filters as one form (issue 38, "The viewer"): typed, then applied with Enter or the
// Apply button, so a screen reader hears one new list rather than one per keystroke. The form
// machine checks what the server checks; a message sits under its field and the focus goes to the
// first. The page keys the form by the address's filters, so a report link refills it. Person and
// patient are picked by name; the address and the query keep their ids.
export function AuditFiltersForm({ filters, onApply, patientFilter }: AuditFiltersFormProps) {
  const [logic] = useState(() => auditFilterFormLogicFor(onApply));
  const actor = useActorRef(logic, { input: { draft: filterDraftOf(filters) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const { ref, arm } = useFocusFirstInvalid<HTMLElement>(errors);
  const set = (field: AuditFilterField) => (value: string) => actor.send({ type: "form.change", field, value: value === ANY ? "" : value });
  const fieldProps = (field: AuditFilterField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    arm();
    actor.send({ type: "form.submit", now: new Date() });
  };
  return (
    <search ref={ref} aria-label="Filter the audit log">
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.filters}>
          <PersonPicker value={draft.user} text={draft.userText} onTextChange={set("userText")} onChange={set("user")} errorMessage={errors.user} />
          {patientFilter ? (
            <PatientPicker
              label="Patient"
              description="Type part of a name or the patient number and choose from the list"
              value={draft.patient}
              text={draft.patientText}
              onTextChange={set("patientText")}
              onChange={set("patient")}
              errorMessage={errors.patient}
            />
          ) : null}
          <SelectField label="Action" options={ACTION_OPTIONS} value={draft.action === "" ? ANY : draft.action} onChange={set("action")} />
          <SelectField label="Record kind" options={KIND_OPTIONS} value={draft.kind === "" ? ANY : draft.kind} onChange={set("kind")} />
          <SelectField label="Outcome" options={OUTCOME_OPTIONS} value={draft.outcome === "" ? ANY : draft.outcome} onChange={set("outcome")} />
          <TextField label="IP address" value={draft.ip} onChange={set("ip")} {...fieldProps("ip")} />
          <DateField label="From" value={draft.from} onChange={set("from")} description="First day, UTC" {...fieldProps("from")} />
          <DateField label="To" value={draft.to} onChange={set("to")} description="Last day, UTC" {...fieldProps("to")} />
        </div>
        <div className={styles.actions}>
          <Button type="submit">Apply filters</Button>
          <Button variant="secondary" onPress={() => onApply({})}>
            Clear filters
          </Button>
        </div>
      </Form>
    </search>
  );
}
