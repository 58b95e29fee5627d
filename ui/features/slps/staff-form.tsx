import { type FormEvent, useEffect, useReducer, useRef } from "react";
import {
  firstInvalidStaffField,
  initialStaffForm,
  STAFF_EMAIL_LOCKED_HINT,
  type StaffDraft,
  type StaffFormState,
  type StaffSave,
  type StaffTextField,
  staffEmailEditable,
  staffFormReducer,
} from "../../../domain/slps/staff-form.ts";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { PlacePicker } from "../patients/index.ts";
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

// The SLP form for invite and edit: the reducer (domain/slps/staff-form.ts) holds what is typed,
// the messages and the save it asks for; this renders it. After a refused submit focus moves to
// the first invalid field, whose message the screen reader reads with it.
export function StaffForm({ record, allowedDomains = [], submitLabel, onSave, isSaving, onCancel }: StaffFormProps) {
  const [form, dispatch] = useReducer(staffFormReducer, undefined, () => initialStaffForm(record, allowedDomains));
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

  const edit = (field: StaffTextField) => (value: string) => dispatch({ type: "edited", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch({ type: "submitted" });
  };
  const invalid = (field: keyof typeof messages) => (messages[field] === undefined ? {} : { errorMessage: messages[field], isInvalid: true });
  const emailOpen = staffEmailEditable(form);
  const emailHint = !emailOpen
    ? STAFF_EMAIL_LOCKED_HINT
    : record === null
      ? "The invitation goes to this address; it becomes their sign-in."
      : "A new invitation goes to a changed address; the old link stops working.";

  return (
    <div ref={formRef}>
      <Form onSubmit={submit} validationBehavior="aria">
        <Alert>{form.alert}</Alert>
        <StatusMessage>{form.status}</StatusMessage>
        <fieldset className={styles.section}>
          <legend className={styles.subheading}>SLP</legend>
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
              description={emailHint}
              {...invalid("email")}
            />
          </div>
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
            <PlacePicker label="Country" kind="country" value={draft.country} onChange={(place) => dispatch({ type: "placeChosen", field: "country", place })} errorMessage={messages.country} />
          </div>
          <div data-field="state">
            <PlacePicker
              label="State or province"
              kind="state"
              parent={draft.country?.id}
              value={draft.state}
              onChange={(place) => dispatch({ type: "placeChosen", field: "state", place })}
              errorMessage={messages.state}
            />
          </div>
          <div data-field="city">
            <PlacePicker
              label="City"
              kind="city"
              parent={draft.state?.id ?? draft.country?.id}
              value={draft.city}
              onChange={(place) => dispatch({ type: "placeChosen", field: "city", place })}
              errorMessage={messages.city}
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

/** After each refused submit, focus goes to the first invalid field (its first input or button). */
function useFocusFirstInvalid(formRef: React.RefObject<HTMLDivElement | null>, form: StaffFormState) {
  useEffect(() => {
    if (form.attempt === 0) return;
    const field = firstInvalidStaffField(form.messages);
    if (field === undefined) return;
    formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"] :is(input:not([type=hidden]), button)`)?.focus();
    // Only a new refusal moves focus; typing afterwards does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.attempt]);
}
