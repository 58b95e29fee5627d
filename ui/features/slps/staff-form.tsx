import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useMemo } from "react";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { EMPTY_STAFF_DRAFT, STAFF_EMAIL_LOCKED_HINT, type StaffDraft, staffDraftOf, staffEmailEditable, type StaffFormFieldName, type StaffSave } from "../../../domain/slps/staff-form.ts";
import { NOTHING_TO_SAVE } from "../../../domain/shared/person-form.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { usePhoneRule } from "../../forms/phone-numbers.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { PlacePicker } from "../patients/index.ts";
import { staffFormLogicFor } from "./slps-machines.ts";
import * as styles from "./slps.css.ts";

export type StaffFormProps = {
  /** The record to edit, or null for a new SLP. */
  readonly record: StaffMember | null;
  /** The institution's allowed e-mail domains, when known. */
  readonly allowedDomains?: readonly string[];
  readonly submitLabel: string;
  /** Sends the save; resolves when the server accepted it (or the page took it over), rejects with its ApiFailure. */
  readonly onSave: (save: StaffSave, draft: StaffDraft) => Promise<unknown>;
  readonly isSaving: boolean;
  readonly onCancel?: () => void;
};

// The SLP form for invite and edit on the staff-form machine (slps-machines.ts) with the
// domain's one check (domain/slps/staff-form.ts): it holds what is typed and the messages, and
// sends the save through `onSave`. After a refused submit (checked here or by the server) focus
// moves to the first invalid field, whose message the screen reader reads with it.
export function StaffForm({ record, allowedDomains = [], submitLabel, onSave, isSaving, onCancel }: StaffFormProps) {
  const logic = useMemo(() => staffFormLogicFor(({ value, draft }) => onSave(value, draft)), [onSave]);
  const actor = useActorRef(logic, { input: { draft: record === null ? EMPTY_STAFF_DRAFT : staffDraftOf(record), basis: { record, allowedDomains } } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const messages = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const unchanged = useSelector(actor, (snapshot) => snapshot.context.unchanged);
  const { ref: formRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(messages);
  const withPhoneRule = usePhoneRule();

  const change = <K extends keyof StaffDraft & string>(field: K) => (value: StaffDraft[K]) => actor.send({ type: "form.change", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    void withPhoneRule((tools) => actor.send({ type: "form.submit", now: new Date(), tools }));
  };
  const invalid = (field: StaffFormFieldName) => (messages[field] === undefined ? {} : { errorMessage: messages[field], isInvalid: true });
  const emailOpen = staffEmailEditable(record);
  const emailHint = !emailOpen
    ? STAFF_EMAIL_LOCKED_HINT
    : record === null
      ? "The invitation goes to this address; it becomes their sign-in."
      : "A new invitation goes to a changed address; the old link stops working.";

  return (
    <div ref={formRef}>
      <Form onSubmit={submit} validationBehavior="aria">
        <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
        <StatusMessage>{unchanged ? NOTHING_TO_SAVE : ""}</StatusMessage>
        <fieldset className={styles.section}>
          <legend className={styles.subheading}>SLP</legend>
          <div data-field="first_name">
            <TextField label="First name" name="first_name" isRequired value={draft.first_name} onChange={change("first_name")} {...invalid("first_name")} />
          </div>
          <div data-field="last_name">
            <TextField label="Last name" name="last_name" isRequired value={draft.last_name} onChange={change("last_name")} {...invalid("last_name")} />
          </div>
          <div data-field="email">
            <TextField
              label="Email"
              name="email"
              type="email"
              isRequired
              isReadOnly={!emailOpen}
              value={draft.email}
              onChange={change("email")}
              description={emailHint}
              {...invalid("email")}
            />
          </div>
        </fieldset>
        <fieldset className={styles.section}>
          <legend className={styles.subheading}>Contact information</legend>
          <div data-field="phone">
            <TextField label="Phone number" name="phone" type="tel" value={draft.phone} onChange={change("phone")} description="Optional, with the country code, e.g. +1 415 555 2671." {...invalid("phone")} />
          </div>
          <div data-field="address_1">
            <TextField label="Address line 1" name="address_1" value={draft.address_1} onChange={change("address_1")} {...invalid("address_1")} />
          </div>
          <div data-field="address_2">
            <TextField label="Address line 2" name="address_2" value={draft.address_2} onChange={change("address_2")} {...invalid("address_2")} />
          </div>
          <div data-field="country">
            <PlacePicker label="Country" kind="country" value={draft.country} onChange={change("country")} errorMessage={messages.country} />
          </div>
          <div data-field="state">
            <PlacePicker
              label="State or province"
              kind="state"
              parent={draft.country?.id}
              value={draft.state}
              onChange={change("state")}
              errorMessage={messages.state}
            />
          </div>
          <div data-field="city">
            <PlacePicker
              label="City"
              kind="city"
              parent={draft.state?.id ?? draft.country?.id}
              value={draft.city}
              onChange={change("city")}
              errorMessage={messages.city}
            />
          </div>
          <div data-field="zip_code">
            <TextField
              label="Postal code"
              name="zip_code"
              value={draft.zip_code}
              onChange={change("zip_code")}
              description="Optional. Checked against the chosen country as you type."
              {...invalid("zip_code")}
            />
          </div>
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" isPending={isSaving}>
            {submitLabel}
          </Button>
          {onCancel === undefined ? null : (
            <Button variant="secondary" type="button" onPress={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}
