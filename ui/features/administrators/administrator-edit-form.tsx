import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import type { AdministratorChanges } from "../../../adapters/administrators/index.ts";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import { canChangeEmail } from "../../../domain/shared/statuses/administrator-status.ts";
import { checkNewEmail } from "../../../domain/shared/statuses/email-change.ts";
import { validateEmail } from "../../../domain/shared/validators/email.ts";
import { validatePersonName } from "../../../domain/shared/validators/person-name.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { administratorsKeys } from "./administrators-keys.ts";
import { useUpdateAdministrator } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";

type Field = "first_name" | "last_name" | "email";
const FIELDS: readonly Field[] = ["first_name", "last_name", "email"];

/** Said when the record changed since the form opened: nothing is saved, and the person reopens it to see the stored values. */
export const STALE_EDIT_MESSAGE = "Someone else changed this administrator since you opened the form, so nothing was saved. Cancel to see their version, then edit again.";

export const EMAIL_LOCKED_HINT = "The email can change only while the invitation is pending.";

type Props = {
  readonly administrator: Administrator;
  readonly onSaved: (saved: Administrator) => void;
  readonly onCancel: () => void;
};

// Editing an administrator in place: names always; the email only while they are pending, and
// sent only when it really changed (the server refuses the same address with ERROR_047, and a new
// one sends a new invitation). A save names the version the form was opened from, so a record
// someone else changed meanwhile is refused, never overwritten.
export function AdministratorEditForm({ administrator, onSaved, onCancel }: Props) {
  // The record as the form was opened: its version goes with every save from this form.
  const [started] = useState(administrator);
  const [draft, setDraft] = useState<Record<Field, string>>({ first_name: started.first_name, last_name: started.last_name, email: started.email });
  const [messages, setMessages] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const update = useUpdateAdministrator(started.id);
  const client = useQueryClient();
  const formRef = useRef<HTMLDivElement>(null);
  const emailOpen = canChangeEmail(started.status);

  const focusField = (field: Field) => formRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  const edit = (field: Field) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setMessages((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const first = validatePersonName(draft.first_name, "first name", "first_name");
    const last = validatePersonName(draft.last_name, "last name", "last_name");
    const email = emailOpen ? validateEmail(draft.email) : null;
    const found: Partial<Record<Field, string>> = {
      ...(first.ok ? {} : { first_name: first.message }),
      ...(last.ok ? {} : { last_name: last.message }),
      ...(email === null || email.ok ? {} : { email: email.message }),
    };
    setMessages(found);
    setAlert(null);
    const firstInvalid = FIELDS.find((field) => found[field] !== undefined);
    if (firstInvalid !== undefined || !first.ok || !last.ok) {
      if (firstInvalid !== undefined) focusField(firstInvalid);
      return;
    }
    // Only a real change of address is sent: the same one (in any letter case) is ERROR_047 to the server.
    const newEmail = email !== null && email.ok ? checkNewEmail(emailOpen, started.email, email.value) : null;
    const changes: AdministratorChanges = { first_name: first.value, last_name: last.value, ...(newEmail !== null && newEmail.ok ? { email: newEmail.value } : {}) };
    update.mutateAsync({ changes, version: started.version }).then(onSaved, (error: unknown) => {
      if (isStaleVersionFailure(error)) {
        setAlert(STALE_EDIT_MESSAGE);
        void client.invalidateQueries({ queryKey: administratorsKeys.detail(started.id) });
        return;
      }
      const field = isApiFailure(error) ? FIELDS.find((name) => name === error.field) : undefined;
      if (field === undefined) {
        setAlert(failureMessage(error));
        return;
      }
      setMessages({ [field]: failureMessage(error) });
      focusField(field);
    });
  };

  const invalid = (field: Field) => (messages[field] === undefined ? {} : { errorMessage: messages[field], isInvalid: true });
  return (
    <div ref={formRef}>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.form}>
          <Alert>{alert}</Alert>
          <TextField label="First name" name="first_name" isRequired value={draft.first_name} onChange={edit("first_name")} {...invalid("first_name")} />
          <TextField label="Last name" name="last_name" isRequired value={draft.last_name} onChange={edit("last_name")} {...invalid("last_name")} />
          <TextField
            label="Email"
            name="email"
            type="email"
            isRequired
            isReadOnly={!emailOpen}
            value={draft.email}
            onChange={edit("email")}
            description={emailOpen ? "A new address gets a new invitation; the old link stops working." : EMAIL_LOCKED_HINT}
            {...invalid("email")}
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={update.isPending}>
              Save changes
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
