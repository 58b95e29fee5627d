import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useMemo } from "react";
import { BIRTH_GENDERS, type Patient } from "../../../domain/patients/index.ts";
import { draftOf, EMAIL_LOCKED_HINT, EMPTY_PATIENT_DRAFT, emailEditable, type PatientDraft, type PatientFormFieldName, type PatientSave } from "../../../domain/patients/patient-form-state.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmNothingChanged } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { usePhoneRule } from "../../forms/phone-numbers.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { BIRTH_GENDER_LABEL } from "./patient-labels.ts";
import { patientFormLogicFor } from "./patients-machines.ts";
import { PlacePicker } from "./place-picker.tsx";
import { StaffPicker } from "./staff-picker.tsx";
import * as styles from "./patients.css.ts";

const GENDER_OPTIONS = BIRTH_GENDERS.map((gender) => ({ id: gender, label: BIRTH_GENDER_LABEL[gender] ?? gender }));

export type PatientFormProps = {
  /** The record to edit, or null for a new patient. */
  readonly record: Patient | null;
  /** Whether the assigned SLP can be chosen (the viewer may list staff). */
  readonly chooseSlp: boolean;
  readonly submitLabel: string;
  /** Sends the save (with the form as typed); resolves when the server accepted it or the page took it over, rejects with its ApiFailure. */
  readonly onSave: (save: PatientSave, draft: PatientDraft) => Promise<unknown>;
  readonly isSaving: boolean;
  readonly onCancel?: () => void;
};

// The patient form for create and edit on the patient-form machine (patients-machines.ts) with
// the domain's one check (domain/patients/patient-form-state.ts): it holds what is typed and the
// messages, and sends the save through `onSave`. After a refused submit (checked here or by the
// server) focus moves to the first invalid field, whose message the screen reader reads with it.
export function PatientForm({ record, chooseSlp, submitLabel, onSave, isSaving, onCancel }: PatientFormProps) {
  const logic = useMemo(() => patientFormLogicFor(({ value, draft }) => onSave(value, draft)), [onSave]);
  const actor = useActorRef(logic, { input: { draft: record === null ? EMPTY_PATIENT_DRAFT : draftOf(record), basis: record } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const messages = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const { ref: formRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(messages);
  const withPhoneRule = usePhoneRule();

  const change = <K extends keyof PatientDraft & string>(field: K) => (value: PatientDraft[K]) => actor.send({ type: "form.change", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    void withPhoneRule((tools) => {
      actor.send({ type: "form.submit", now: new Date(), tools });
      // "Nothing changed" is said by the toast and the announcement.
      if (actor.getSnapshot().context.unchanged) confirmNothingChanged();
    });
  };
  const message = (field: PatientFormFieldName) => messages[field];
  const invalid = (field: PatientFormFieldName) => (messages[field] === undefined ? {} : { errorMessage: messages[field], isInvalid: true });
  const emailOpen = emailEditable(record);

  return (
    <div ref={formRef}>
    <Form onSubmit={submit} validationBehavior="aria">
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <fieldset className={styles.section}>
        <legend className={styles.subheading}>Patient</legend>
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
            {...(emailOpen ? {} : { description: EMAIL_LOCKED_HINT })}
            {...invalid("email")}
          />
        </div>
        <div data-field="birthdate">
          <DateField label="Date of birth" isRequired value={draft.birthdate} onChange={change("birthdate")} {...invalid("birthdate")} />
        </div>
        <div data-field="gender">
          <SelectField label="Assigned birth gender" isRequired options={GENDER_OPTIONS} value={draft.gender === "" ? null : draft.gender} onChange={change("gender")} {...invalid("gender")} />
        </div>
        {chooseSlp ? (
          <div data-field="staff">
            <StaffPicker value={draft.staff} onChange={change("staff")} errorMessage={message("staff")} />
          </div>
        ) : null}
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
          <PlacePicker label="Country" kind="country" value={draft.country} onChange={change("country")} errorMessage={message("country")} />
        </div>
        <div data-field="state">
          <PlacePicker
            label="State or province"
            kind="state"
            parent={draft.country?.id}
            value={draft.state}
            onChange={change("state")}
            errorMessage={message("state")}
          />
        </div>
        <div data-field="city">
          <PlacePicker
            label="City"
            kind="city"
            parent={draft.state?.id ?? draft.country?.id}
            value={draft.city}
            onChange={change("city")}
            errorMessage={message("city")}
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
