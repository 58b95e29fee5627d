import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { useSignInActor } from "./sign-in-actor.tsx";
import { EMPTY_PASSWORD_CHANGE, PasswordChangeFields } from "../../forms/password-change-fields.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
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
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_CHANGE);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "password.submit", ...passwords });
  };

  return (
    <AuthLayout title="Change your password">
      <p className={styles.lead}>Your password has to be changed before you can continue.</p>
      <Alert>{error?.message}</Alert>
      <Form onSubmit={submit}>
        <PasswordChangeFields values={passwords} onChange={setPasswords} />
        <Button type="submit" isPending={saving} isDisabled={!canSubmit && !saving}>
          Change password
        </Button>
      </Form>
    </AuthLayout>
  );
}
