import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import { SUPPLY_KIND_NOTE } from "../../../domain/billing/index.ts";
import { DOMAIN_ROWS, domainRowsOf, withDomainRowAdded, withDomainRowRemoved } from "../../../domain/institutions/institution-domain-rows.ts";
import { type InstitutionDraft, institutionDraftOf, type InstitutionFormField, SUPPLY_KIND_NOT_CHOSEN, zoneLabel } from "../../../domain/institutions/institution-form.ts";
import { SUPPLY_KIND_CHOICES, SUPPLY_KIND_UNCHOSEN, timeZoneNames } from "../../../domain/institutions/index.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ComboBoxField } from "../../kit/combo-box-field.tsx";
import { Form } from "../../kit/form.tsx";
import { Radio } from "../../kit/radio.tsx";
import { RadioGroup } from "../../kit/radio-group.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { institutionFormLogicFor } from "./institutions-machines.ts";
import * as styles from "./institutions.css.ts";

/** How many matches the time zone list shows at once; typing narrows it. */
const ZONE_MATCHES = 60;

export type InstitutionFormProps = {
  /** What the form starts from: an institution's fields, or empty ones for a new institution. */
  readonly initial: InstitutionFields;
  readonly submitLabel: string;
  /** Sends the checked fields; resolves once saved (or taken over by the page), rejects with the ApiFailure to show on its field. */
  readonly onSave: (fields: InstitutionFields) => Promise<unknown>;
  /** Whether the page's save is under way; without it, while the form's own submit is (the edit section's save waits through a conflict the panel decides). */
  readonly isSaving?: boolean;
  readonly onCancel: () => void;
  /** Shows and sends the billing settings (time zone, supply kind): the edit form has them, a new institution starts with the defaults. */
  readonly withBillingSettings?: boolean;
};

// An institution's name, its allowed e-mail domains as a list (one field a row: add, remove) and
// its description, on the institution-form machine (institutions-machines.ts) with the domain's one
// check for creating and editing (domain/institutions/institution-form.ts): each domain's failure
// shows on its own row (ERROR_023, a repeat ERROR_031), and so does the server's; blank rows are not
// sent; after a submit the focus goes to the first field with a message. With the billing settings
// it also holds the time zone (a combo box of the runtime's zones, so only a known one is sent) and
// the remote-monitoring supply kind with the note that it is a payer question.
export function InstitutionForm({ initial, submitLabel, onSave, isSaving, onCancel, withBillingSettings = false }: InstitutionFormProps) {
  const [logic] = useState(() => institutionFormLogicFor({ withBillingSettings }, ({ value }) => onSave(value)));
  const actor = useActorRef(logic, { input: { draft: institutionDraftOf(initial) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const submitting = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref: formRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const rows = domainRowsOf(draft);
  const zones = useMemo(() => timeZoneNames(), []);
  const zoneOptions = useMemo(() => {
    // The whole list while the text is the chosen zone's own name; else the zones that hold what is typed.
    const typed = draft.time_zone_text.trim().toLowerCase();
    const showAll = draft.time_zone !== "" && zoneLabel(draft.time_zone) === draft.time_zone_text;
    const matching = showAll || typed === "" ? zones : zones.filter((zone) => zoneLabel(zone).toLowerCase().includes(typed));
    return matching.slice(0, showAll ? zones.length : ZONE_MATCHES).map((zone) => ({ id: zone, label: zoneLabel(zone) }));
  }, [zones, draft.time_zone_text, draft.time_zone]);
  // Adding or removing a row moves the focus once the rows are drawn, before anything later (a
  // submit's first invalid field) moves it again.
  const rowsRef = useRef<HTMLFieldSetElement>(null);
  const focusAfterRows = useRef<string | null>(null);
  const focusOn = (selector: string) => {
    focusAfterRows.current = selector;
  };
  useEffect(() => {
    const selector = focusAfterRows.current;
    focusAfterRows.current = null;
    if (selector !== null) rowsRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [draft.domain_rows]);

  const edit = (field: keyof InstitutionDraft & string) => (value: string) => actor.send({ type: "form.change", field, value });
  const add = () => {
    const added = withDomainRowAdded(draft);
    actor.send({ type: "form.change", field: DOMAIN_ROWS, value: added.rows });
    focusOn(`[data-domain-row="${added.key}"] input`);
  };
  const remove = (key: number) => {
    const removed = withDomainRowRemoved(draft, key);
    actor.send({ type: "form.change", field: DOMAIN_ROWS, value: removed.rows });
    // The focus goes to the row that took its place, else to "Add domain".
    focusOn(removed.focus === null ? "[data-add-domain-wrap] button" : `[data-domain-row="${removed.focus}"] input`);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    actor.send({ type: "form.submit", now: new Date() });
  };

  const invalid = (field: InstitutionFormField) => (errors[field] === undefined ? {} : { errorMessage: errors[field], isInvalid: true });
  // A stale version is the conflict panel's to show, above the form (the edit section), never its alert.
  const alert = failure === null || isStaleVersionFailure(failure) ? null : failureMessage(failure);
  return (
    <div ref={formRef}>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.form}>
          <Alert>{alert}</Alert>
          <TextField label="Name" name="name" isRequired value={draft.name} onChange={edit("name")} {...invalid("name")} />
          <fieldset ref={rowsRef} className={styles.fieldset}>
            <legend className={styles.legend}>Allowed e-mail domains</legend>
            <p className={styles.muted}>Administrators' and SLPs' addresses must be at one of these domains, e.g. clinic.org. Leave empty to allow any.</p>
            {rows.map((row, index) => (
              <div key={row.key} className={styles.domainRow} data-domain-row={row.key}>
                <div className={styles.domainField}>
                  <TextField label={`Domain ${index + 1}`} value={row.domain} onChange={edit(row.field)} {...invalid(row.field)} />
                </div>
                <div className={styles.domainRemove}>
                  <Button variant="secondary" aria-label={`Remove domain ${index + 1}${row.domain.trim() === "" ? "" : ` (${row.domain.trim()})`}`} onPress={() => remove(row.key)}>
                    Remove
                  </Button>
                </div>
              </div>
            ))}
            <div data-add-domain-wrap>
              <Button variant="secondary" onPress={add}>
                Add domain
              </Button>
            </div>
          </fieldset>
          <TextField label="Description" name="description" rows={4} value={draft.description} onChange={edit("description")} {...invalid("description")} />
          {withBillingSettings ? (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Billing settings</legend>
              <div data-field="time_zone">
                <ComboBoxField
                  label="Time zone"
                  description="Remote-monitoring data days are the calendar days of this zone."
                  options={zoneOptions}
                  inputValue={draft.time_zone_text}
                  onInputChange={edit("time_zone_text")}
                  value={draft.time_zone === "" ? null : draft.time_zone}
                  onChange={(zone) => actor.send({ type: "form.change", field: "time_zone", value: zone ?? "" })}
                  isRequired
                  emptyText="No time zone matches"
                  {...invalid("time_zone")}
                />
              </div>
              <div data-field="rtm_supply_kind">
                <RadioGroup
                  label="Remote monitoring supply codes"
                  description={SUPPLY_KIND_NOTE}
                  value={draft.rtm_supply_kind}
                  onChange={edit("rtm_supply_kind")}
                  {...invalid("rtm_supply_kind")}
                >
                  {SUPPLY_KIND_CHOICES.map((choice) => (
                    <Radio key={choice.kind} value={choice.kind} label={choice.label} description={choice.codes} />
                  ))}
                  <Radio value={SUPPLY_KIND_NOT_CHOSEN} label={SUPPLY_KIND_UNCHOSEN} description="No device supply code is suggested until one is chosen" />
                </RadioGroup>
              </div>
            </fieldset>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" isPending={isSaving ?? submitting}>
              {submitLabel}
            </Button>
            <Button variant="secondary" onPress={onCancel}>
              Cancel
            </Button>
          </div>
        </div>
      </Form>
    </div>
  );
}
