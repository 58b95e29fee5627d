import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { validateEmail } from "../../../domain/shared/validators/email.ts";
import { AUTH_ROUTES } from "../../../machines/auth/auth-route.ts";
import { QueryClientScope } from "../../data/query-client-scope.tsx";
import { useServices } from "../../services/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { formText } from "../../forms/form-text.ts";
import { validationMessage } from "../../forms/validation-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Link } from "../../kit/link.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

// One message whether or not the address has an account, so this page cannot be used to find
// out who works at a clinic (the server answers alike too).
const SENT_MESSAGE =
  "If an account uses that address, we have sent it a link to choose a new password. The link works for a limited time; check your spam folder if it does not arrive.";

// /auth/forgot-password: asks for a reset link (authentication/forgot_password). The request is a
// TanStack Query mutation, whose provider loads with this lazy page, not with sign-in.
export function ForgotPasswordPage() {
  return (
    <QueryClientScope>
      <ForgotPasswordForm />
    </QueryClientScope>
  );
}

function ForgotPasswordForm() {
  const { authApi } = useServices().adapters;
  const request = useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email) });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = validateEmail(formText(new FormData(event.currentTarget), "email"));
    if (!email.ok) return;
    request.mutate(email.value, { onSuccess: () => setSentTo(email.value) });
  };

  return (
    <AuthLayout title="Reset your password">
      <StatusMessage>{sentTo === null ? "" : SENT_MESSAGE}</StatusMessage>
      <Alert>{request.isError ? failureMessage(request.error) : null}</Alert>
      {sentTo === null ? (
        <>
          <p className={styles.lead}>Enter the email address you sign in with and we will send you a reset link.</p>
          <Form onSubmit={submit}>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              isRequired
              validate={(value) => validationMessage(validateEmail(value))}
            />
            <Button type="submit" isPending={request.isPending}>
              Send reset link
            </Button>
          </Form>
        </>
      ) : (
        <div>
          <Button variant="secondary" onPress={() => setSentTo(null)}>
            Send another link
          </Button>
        </div>
      )}
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.signIn}>Back to sign in</Link>
      </div>
    </AuthLayout>
  );
}
