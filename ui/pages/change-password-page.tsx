import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import {
  MIN_PASSWORD_LENGTH,
  validatePasswordConfirmation,
  validatePasswordDiffers,
  validatePasswordLength,
} from "../../domain/validators/password.ts";
import { useSignInActor } from "../auth/sign-in-actor.tsx";
import { validationMessage } from "../forms/validation-message.ts";
import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { Form } from "../kit/form.tsx";
import { TextField } from "../kit/text-field.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

const SUBMIT_PROBE = { type: "password.submit", oldPassword: "", newPassword: "", confirmation: "" } as const;

// /auth/change-password: the password change the server asks for before the second factor. The
// fields check themselves with the domain validators, so each message sits on its own field; the
// machine runs the same checks again and the server's answers (ERROR_007, ERROR_011, ...) go to
// the alert.
export function ChangePasswordPage() {
  const actor = useSignInActor();
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can(SUBMIT_PROBE));
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ changingPassword: "savingPassword" }));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "password.submit", oldPassword, newPassword, confirmation });
  };

  return (
    <AuthLayout title="Change your password">
      <p className={styles.lead}>Your password has to be changed before you can continue.</p>
      <Alert>{error?.message}</Alert>
      <Form onSubmit={submit}>
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
          validate={(value) =>
            validationMessage(validatePasswordLength(value), validatePasswordDiffers(oldPassword, value))
          }
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
        <Button type="submit" isPending={saving} isDisabled={!canSubmit && !saving}>
          Change password
        </Button>
      </Form>
    </AuthLayout>
  );
}
