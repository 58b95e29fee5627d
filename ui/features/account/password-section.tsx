import { useMutation } from "@tanstack/react-query";
import { accountApiOf } from "../../../adapters/account/account-api.ts";
import { useState, type FormEvent } from "react";
import { validatePasswordChange } from "../../../domain/shared/validators/password.ts";
import type { AccountPasswordBody } from "../../../domain/account/account-wire.ts";
import { useServices } from "../../services/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { EMPTY_PASSWORD_CHANGE, PasswordChangeFields } from "../../forms/password-change-fields.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import * as styles from "./settings-page.css.ts";

// Settings > Security > Password: the same rules as the sign-in password change, each message on
// its own field; the server's refusals (wrong current password, ERROR_007) go to the alert.
export function PasswordSection() {
  const accountApi = accountApiOf(useServices().adapters.client);
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_CHANGE);
  // A fresh form after a change, so the emptied fields do not read as "required" errors.
  const [formKey, setFormKey] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: (body: AccountPasswordBody) => accountApi.changePassword(body),
    onSuccess: () => {
      setPasswords(EMPTY_PASSWORD_CHANGE);
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
    const { oldPassword, newPassword, confirmation } = passwords;
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
        <PasswordChangeFields values={passwords} onChange={setPasswords} />
        <div className={styles.actions}>
          <Button type="submit" isPending={change.isPending}>
            Change password
          </Button>
        </div>
      </Form>
    </section>
  );
}
