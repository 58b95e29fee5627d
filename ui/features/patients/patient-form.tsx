import { viewerDay } from "../../../domain/shared/calendar/today.ts";
import { type FormEvent, type RefObject, useEffect, useReducer, useRef } from "react";
import {
  EMAIL_LOCKED_HINT,
  type PatientDraft,
  type PatientFormState,
  type PatientSave,
  type PatientTextField,
  emailEditable,
  firstInvalidField,
  initialPatientForm,
  NOTHING_TO_SAVE,
  patientFormReducer,
} from "../../../domain/patients/patient-form-state.ts";
import { BIRTH_GENDERS, type Patient } from "../../../domain/patients/index.ts";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmNothingChanged } from "../../feedback/confirm-change.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { BIRTH_GENDER_LABEL } from "./patient-labels.ts";
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

// The patient form for create and edit: the reducer (domain/patients/patient-form-state.ts) holds
// what is typed, the messages and the save it asks for; this renders it. After a refused submit
// focus moves to the first invalid field, whose message the screen reader reads with it.
export function PatientForm({ record, chooseSlp, submitLabel, onSave, isSaving, onCancel }: PatientFormProps) {
  const [form, dispatch] = useReducer(patientFormReducer, record, initialPatientForm);
  const { draft, messages } = form;
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (form.save === null) return;
    const save = form.save;
    dispatch({ type: "sent" });
    onSave(save, form.draft).catch((error: unknown) =>
      dispatch({ type: "failed", field: isApiFailure(error) ? (error.field ?? null) : null, message: failureMessage(error) }),
    );
    // Only a new save is sent; the draft travels with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.save, onSave]);

  useFocusFirstInvalid(formRef, form);

  const edit = (field: PatientTextField) => (value: string) => dispatch({ type: "edited", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitted = { type: "submitted", today: viewerDay(new Date()) } as const;
    // The reducer is pure: asked ahead, it says whether this edit has anything to send.
    if (patientFormReducer(form, submitted).status === NOTHING_TO_SAVE) confirmNothingChanged();
    dispatch(submitted);
  };
  const message = (field: keyof typeof messages) => messages[field];
  const invalid = (field: keyof typeof messages) => (messages[field] === undefined ? {} : { errorMessage: messages[field], isInvalid: true });
  const emailOpen = emailEditable(form);

  return (
    <div ref={formRef}>
    <Form onSubmit={submit} validationBehavior="aria">
      <Alert>{form.alert}</Alert>
      {/* "Nothing changed" is said by the toast and the announcement, not twice. */}
      <StatusMessage>{form.status === NOTHING_TO_SAVE ? "" : form.status}</StatusMessage>
      <fieldset className={styles.section}>
        <legend className={styles.subheading}>Patient</legend>
        <div data-field="first_name">
          <TextField label="First name" name="first_name" isRequired value={draft.first_name} onChange={edit("first_name")} {...invalid("first_name")} />
        </div>
        <div data-field="last_name">
          <TextField label="Last name" name="last_name" isRequired value={draft.last_name} onChange={edit("last_name")} {...invalid("last_name")} />
        </div>
        <div data-field="email">
          <TextField
            label="Email"
            name="email"
            type="email"
            isRequired
            isReadOnly={!emailOpen}
            value={draft.email}
            onChange={edit("email")}
            {...(emailOpen ? {} : { description: EMAIL_LOCKED_HINT })}
            {...invalid("email")}
          />
        </div>
        <div data-field="birthdate">
          <DateField label="Date of birth" isRequired value={draft.birthdate} onChange={edit("birthdate")} {...invalid("birthdate")} />
        </div>
        <div data-field="gender">
          <SelectField label="Assigned birth gender" isRequired options={GENDER_OPTIONS} value={draft.gender === "" ? null : draft.gender} onChange={edit("gender")} {...invalid("gender")} />
        </div>
        {chooseSlp ? (
          <div data-field="staff">
            <StaffPicker value={draft.staff} onChange={(staff) => dispatch({ type: "staffChosen", staff })} errorMessage={message("staff")} />
          </div>
        ) : null}
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.subheading}>Contact information</legend>
        <div data-field="phone">
          <TextField label="Phone number" name="phone" type="tel" value={draft.phone} onChange={edit("phone")} description="Optional, with the country code, e.g. +1 415 555 2671." {...invalid("phone")} />
        </div>
        <div data-field="address_1">
          <TextField label="Address line 1" name="address_1" value={draft.address_1} onChange={edit("address_1")} {...invalid("address_1")} />
        </div>
        <div data-field="address_2">
          <TextField label="Address line 2" name="address_2" value={draft.address_2} onChange={edit("address_2")} {...invalid("address_2")} />
        </div>
        <div data-field="country">
          <PlacePicker label="Country" kind="country" value={draft.country} onChange={(place) => dispatch({ type: "placeChosen", field: "country", place })} errorMessage={message("country")} />
        </div>
        <div data-field="state">
          <PlacePicker
            label="State or province"
            kind="state"
            parent={draft.country?.id}
            value={draft.state}
            onChange={(place) => dispatch({ type: "placeChosen", field: "state", place })}
            errorMessage={message("state")}
          />
        </div>
        <div data-field="city">
          <PlacePicker
            label="City"
            kind="city"
            parent={draft.state?.id ?? draft.country?.id}
            value={draft.city}
            onChange={(place) => dispatch({ type: "placeChosen", field: "city", place })}
            errorMessage={message("city")}
          />
        </div>
        <div data-field="zip_code">
          <TextField
            label="Postal code"
            name="zip_code"
            value={draft.zip_code}
            onChange={edit("zip_code")}
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

/** After each refused submit, focus goes to the first invalid field (its first input, segment or button). */
function useFocusFirstInvalid(formRef: RefObject<HTMLDivElement | null>, form: PatientFormState) {
  useEffect(() => {
    if (form.attempt === 0) return;
    const field = firstInvalidField(form.messages);
    if (field === undefined) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"] :is(input:not([type=hidden]), [role=spinbutton], button)`);
    target?.focus();
    // Only a new refusal moves focus; typing afterwards does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.attempt]);
}
