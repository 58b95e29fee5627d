import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { AUTH_ROUTES } from "../../../machines/auth/auth-route.ts";
import { useSignInActor } from "./sign-in-actor.tsx";
import { formText } from "../../forms/form-text.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Link } from "../../kit/link.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

// The event's values are irrelevant to whether the flow accepts a submit now.
const SUBMIT_PROBE = { type: "credentials.submit", email: "", password: "" } as const;

// /auth/sign-in: email and password. The machine keeps the email after a failure (it is shown
// again) but never the password, which travels only in the submit event.
export function SignInPage() {
  const actor = useSignInActor();
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can(SUBMIT_PROBE));
  const signingIn = useSelector(actor, (snapshot) => snapshot.matches("signingIn"));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    actor.send({ type: "credentials.submit", email: formText(data, "email"), password: formText(data, "password") });
  };

  return (
    <AuthLayout title="Sign in">
      <Alert>{error?.message}</Alert>
      <Form onSubmit={submit}>
        <TextField label="Email" name="email" type="email" autoComplete="username" isRequired defaultValue={email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" isRequired />
        <Button type="submit" isPending={signingIn} isDisabled={!canSubmit && !signingIn}>
          Sign in
        </Button>
      </Form>
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.forgotPassword}>Forgot password?</Link>
      </div>
    </AuthLayout>
  );
}
