import { useMutation } from "@tanstack/react-query";
import { accountApiOf } from "../../../adapters/http/account-api.ts";
import { useState, type FormEvent } from "react";
import {
  MIN_PASSWORD_LENGTH,
  validatePasswordChange,
  validatePasswordConfirmation,
  validatePasswordDiffers,
  validatePasswordLength,
} from "../../../domain/validators/password.ts";
import type { AccountPasswordBody } from "../../../domain/wire/account.ts";
import { useServices } from "../../app/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { validationMessage } from "../../forms/validation-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./settings-page.css.ts";

// Settings > Security > Password: the same rules as the sign-in password change, each message on
// its own field; the server's refusals (wrong current password, ERROR_007) go to the alert.
export function PasswordSection() {
  const accountApi = accountApiOf(useServices().adapters.client);
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  // A fresh form after a change, so the emptied fields do not read as "required" errors.
  const [formKey, setFormKey] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: (body: AccountPasswordBody) => accountApi.changePassword(body),
    onSuccess: () => {
      setOldPassword("");
      setNewPassword("");
      setConfirmation("");
      setFormKey((key) => key + 1);
      showToast({
        title: "Password changed",
        description: "You stay signed in here; every other session was signed out.",
        variant: "success",
      });
    },
    onError: (error) => setAlert(failureMessage(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const checked = validatePasswordChange({ oldPassword, newPassword, confirmation });
    if (!checked.ok) {
      setAlert(checked.message);
      return;
    }
    change.mutate({ old_password: oldPassword, new_password: newPassword, new_password_confirmation: confirmation });
  };

  return (
    <section className={styles.section} aria-labelledby="password-heading">
      <h2 id="password-heading" className={styles.subheading}>
        Password
      </h2>
      <Alert>{alert}</Alert>
      <Form key={formKey} onSubmit={submit}>
        <TextField
          label="Current password"
          name="old_password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={oldPassword}
          onChange={setOldPassword}
        />
        <TextField
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters, different from the current password.`}
          isRequired
          value={newPassword}
          onChange={setNewPassword}
          validate={(value) => validationMessage(validatePasswordLength(value), validatePasswordDiffers(oldPassword, value))}
        />
        <TextField
          label="Confirm new password"
          name="new_password_confirmation"
          type="password"
          autoComplete="new-password"
          isRequired
          value={confirmation}
          onChange={setConfirmation}
          validate={(value) => validationMessage(validatePasswordConfirmation(newPassword, value))}
        />
        <div className={styles.actions}>
          <Button type="submit" isPending={change.isPending}>
            Change password
          </Button>
        </div>
      </Form>
    </section>
  );
}
