import { type FormEvent, useMemo, useRef, useState } from "react";
import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { SUPPLY_KIND_NOTE, type SupplyKind } from "../../../domain/billing/index.ts";
import { allowedDomainFailures } from "../../../domain/institutions/institution-domains.ts";
import { SUPPLY_KIND_CHOICES, SUPPLY_KIND_UNCHOSEN, timeZoneNames } from "../../../domain/institutions/index.ts";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import { normaliseDomain } from "../../../domain/shared/validators/domain-name.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ComboBoxField } from "../../kit/combo-box-field.tsx";
import { Form } from "../../kit/form.tsx";
import { Radio } from "../../kit/radio.tsx";
import { RadioGroup } from "../../kit/radio-group.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./institutions.css.ts";

type Messages = {
  readonly name?: string;
  readonly description?: string;
  readonly time_zone?: string;
  readonly rtm_supply_kind?: string;
  readonly domains: readonly (string | undefined)[];
};
type SingleField = "name" | "description" | "time_zone" | "rtm_supply_kind";
const SINGLE_FIELDS: readonly string[] = ["name", "description", "time_zone", "rtm_supply_kind"] satisfies readonly SingleField[];

/** A new institution's calendar until someone chooses (the column's default, migration 0018). */
const DEFAULT_TIME_ZONE = "America/New_York";
/** The radio value of "not chosen yet": a radio group's value is a string. */
const UNCHOSEN = "none";
/** How many matches the time zone list shows at once; typing narrows it. */
const ZONE_MATCHES = 60;
/** A zone name as read: "America/New_York" reads "America/New York". */
const zoneLabel = (zone: string): string => zone.replaceAll("_", " ");
const NO_MESSAGES: Messages = { domains: [] };

/** The server names a domain's failure by its position among the domains sent ("allowed_domains.2"). */
const domainIndexOf = (field: string): number | null => {
  const match = /^allowed_domains(?:\.(\d+))?$/.exec(field);
  return match === null ? null : Number(match[1] ?? 0);
};

export type InstitutionFormProps = {
  /** What the form starts from: an institution's fields, or empty ones for a new institution. */
  readonly initial: InstitutionFields;
  readonly submitLabel: string;
  /** Sends the fields; resolves once saved (or taken over by the page), rejects with the ApiFailure to show on its field. */
  readonly onSave: (fields: InstitutionFields, sentDomainRows: readonly number[]) => Promise<unknown>;
  readonly isSaving: boolean;
  readonly onCancel: () => void;
  /** Shows and sends the billing settings (time zone, supply kind): the edit form has them, a new institution starts with the defaults. */
  readonly withBillingSettings?: boolean;
};

// An institution's name, its allowed e-mail domains as a list (one field a row: add, remove) and
// its description. Each domain's failure shows on its own row (ERROR_023, a repeat ERROR_031) from
// domain/institutions/institution-domains.ts, and so does the server's; blank rows are not sent.
// With the billing settings it also holds the time zone (a combo box of the runtime's zones, so only
// a known one is sent) and the remote-monitoring supply kind with the note that it is a payer question.
export function InstitutionForm({ initial, submitLabel, onSave, isSaving, onCancel, withBillingSettings = false }: InstitutionFormProps) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  // Each row keeps a key of its own, so removing one does not move another's text or focus.
  const [rows, setRows] = useState(() => (initial.allowed_domains.length === 0 ? [""] : initial.allowed_domains).map((domain, key) => ({ key, domain })));
  const newRow = () => ({ key: Math.max(-1, ...rows.map((row) => row.key)) + 1, domain: "" });
  const [timeZone, setTimeZone] = useState<string | null>(initial.time_zone ?? DEFAULT_TIME_ZONE);
  const [zoneText, setZoneText] = useState(zoneLabel(initial.time_zone ?? DEFAULT_TIME_ZONE));
  const [supplyKind, setSupplyKind] = useState<string>(initial.rtm_supply_kind ?? UNCHOSEN);
  const zones = useMemo(() => timeZoneNames(), []);
  const zoneOptions = useMemo(() => {
    // The whole list while the text is the chosen zone's own name; else the zones that hold what is typed.
    const typed = zoneText.trim().toLowerCase();
    const showAll = timeZone !== null && zoneLabel(timeZone) === zoneText;
    const matching = showAll || typed === "" ? zones : zones.filter((zone) => zoneLabel(zone).toLowerCase().includes(typed));
    return matching.slice(0, showAll ? zones.length : ZONE_MATCHES).map((zone) => ({ id: zone, label: zoneLabel(zone) }));
  }, [zones, zoneText, timeZone]);
  const [messages, setMessages] = useState<Messages>(NO_MESSAGES);
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const focusOn = (selector: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const setDomain = (key: number, domain: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, domain } : row)));
    setMessages((current) => ({ ...current, domains: [] }));
  };
  const add = () => {
    const row = newRow();
    setRows((current) => [...current, row]);
    focusOn(`[data-domain-row="${row.key}"] input`);
  };
  const remove = (key: number) => {
    const index = rows.findIndex((row) => row.key === key);
    const replacement = newRow();
    setRows((current) => (current.length === 1 ? [replacement] : current.filter((row) => row.key !== key)));
    setMessages((current) => ({ ...current, domains: [] }));
    // The focus goes to the row that took its place, else to "Add domain".
    const next = rows[index + 1] ?? rows[index - 1];
    focusOn(next === undefined ? "[data-add-domain-wrap] button" : `[data-domain-row="${next.key}"] input`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const domainFailures = allowedDomainFailures(rows.map((row) => row.domain)).map((failure) => failure?.message);
    const nameMessage = name.trim() === "" ? catalogueMessage("ERROR_003", { field_name: "name" }) : undefined;
    const zoneMessage = withBillingSettings && timeZone === null ? catalogueMessage("ERROR_003", { field_name: "time zone" }) : undefined;
    const found: Messages = {
      ...(nameMessage === undefined ? {} : { name: nameMessage }),
      ...(zoneMessage === undefined ? {} : { time_zone: zoneMessage }),
      domains: domainFailures,
    };
    setMessages(found);
    if (nameMessage !== undefined) return focusOn("input[name=name]");
    const badRow = domainFailures.findIndex((message) => message !== undefined);
    if (badRow >= 0) return focusOn(`[data-domain-row="${rows[badRow]?.key}"] input`);
    if (zoneMessage !== undefined) return focusOn("[data-field=time_zone] input");
    // Blank rows are dropped; the rest go as typed, trimmed (the server stores them lower-cased).
    const sent = rows.flatMap((row, index) => (normaliseDomain(row.domain) === "" ? [] : [index]));
    const fields: InstitutionFields = {
      name: name.trim(),
      allowed_domains: sent.map((index) => rows[index]?.domain.trim() ?? ""),
      description: description.trim(),
      ...(withBillingSettings && timeZone !== null
        ? { time_zone: timeZone, rtm_supply_kind: supplyKind === UNCHOSEN ? null : (supplyKind as SupplyKind) }
        : {}),
    };
    onSave(fields, sent).catch((error: unknown) => {
      const field = isApiFailure(error) ? (error.field ?? null) : null;
      const message = failureMessage(error);
      const domainIndex = field === null ? null : domainIndexOf(field);
      if (field !== null && SINGLE_FIELDS.includes(field)) {
        setMessages({ domains: [], [field]: message });
        focusOn(field === "name" || field === "description" ? `[name=${field}]` : `[data-field=${field}] input`);
      } else if (domainIndex !== null && sent[domainIndex] !== undefined) {
        const rowIndex = sent[domainIndex];
        setMessages({ domains: rows.map((_, index) => (index === rowIndex ? message : undefined)) });
        focusOn(`[data-domain-row="${rows[rowIndex]?.key}"] input`);
      } else {
        setAlert(message);
      }
    });
  };

  const invalid = (message: string | undefined) => (message === undefined ? {} : { errorMessage: message, isInvalid: true });
  return (
    <div ref={formRef}>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.form}>
          <Alert>{alert}</Alert>
          <TextField label="Name" name="name" isRequired value={name} onChange={(value) => {
            setName(value);
            setMessages((current) => ({ ...current, name: undefined }));
          }} {...invalid(messages.name)} />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Allowed e-mail domains</legend>
            <p className={styles.muted}>Administrators' and SLPs' addresses must be at one of these domains, e.g. clinic.org. Leave empty to allow any.</p>
            {rows.map((row, index) => (
              <div key={row.key} className={styles.domainRow} data-domain-row={row.key}>
                <div className={styles.domainField}>
                  <TextField label={`Domain ${index + 1}`} value={row.domain} onChange={(value) => setDomain(row.key, value)} {...invalid(messages.domains[index])} />
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
          <TextField label="Description" name="description" rows={4} value={description} onChange={(value) => {
            setDescription(value);
            setMessages((current) => ({ ...current, description: undefined }));
          }} {...invalid(messages.description)} />
          {withBillingSettings ? (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Billing settings</legend>
              <div data-field="time_zone">
                <ComboBoxField
                  label="Time zone"
                  description="Remote-monitoring data days are the calendar days of this zone."
                  options={zoneOptions}
                  inputValue={zoneText}
                  onInputChange={(text) => {
                    setZoneText(text);
                    setMessages((current) => ({ ...current, time_zone: undefined }));
                  }}
                  value={timeZone}
                  onChange={(zone) => {
                    setTimeZone(zone);
                    setMessages((current) => ({ ...current, time_zone: undefined }));
                  }}
                  isRequired
                  emptyText="No time zone matches"
                  {...invalid(messages.time_zone)}
                />
              </div>
              <div data-field="rtm_supply_kind">
                <RadioGroup
                  label="Remote monitoring supply codes"
                  description={SUPPLY_KIND_NOTE}
                  value={supplyKind}
                  onChange={(value) => {
                    setSupplyKind(value);
                    setMessages((current) => ({ ...current, rtm_supply_kind: undefined }));
                  }}
                  {...invalid(messages.rtm_supply_kind)}
                >
                  {SUPPLY_KIND_CHOICES.map((choice) => (
                    <Radio key={choice.kind} value={choice.kind} label={choice.label} description={choice.codes} />
                  ))}
                  <Radio value={UNCHOSEN} label={SUPPLY_KIND_UNCHOSEN} description="No device supply code is suggested until one is chosen" />
                </RadioGroup>
              </div>
            </fieldset>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" isPending={isSaving}>
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
