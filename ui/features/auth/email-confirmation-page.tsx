import { useMutation, useQuery } from "@tanstack/react-query";
import * as Schema from "effect/Schema";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "wouter";
import { MIN_PASSWORD_LENGTH, validatePasswordConfirmation, validatePasswordLength } from "../../../domain/shared/validators/password.ts";
import { TokenText } from "../../../domain/shared/wire/text-fields.ts";
import { AUTH_ROUTES } from "../../../machines/auth/auth-route.ts";
import { QueryClientScope } from "../../data/query-client-scope.tsx";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { useServices } from "../../services/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { validationMessage } from "../../forms/validation-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Link } from "../../kit/link.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

const isToken = Schema.is(TokenText);

// /auth/email-confirmation?token=: where the password-reset email leads. The token is the only
// credential; without one the page explains how to get a link instead of showing a dead form, and
// a link is checked as the page opens (issue 31), so a used or expired one says so before anyone
// types a new password. The check and the reset are TanStack Query calls, whose provider loads
// with this lazy page, not with sign-in.
export function EmailConfirmationPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  if (token === null || !isToken(token)) return <MissingToken />;
  return (
    <QueryClientScope>
      <CheckedResetLink token={token} />
    </QueryClientScope>
  );
}

/** The server's word that the link cannot set a password (unknown, used, replaced or expired: one answer for all). */
const isDeadLink = (error: unknown): boolean => isApiFailure(error) && error.code === "ERROR_056";

function CheckedResetLink({ token }: { readonly token: string }) {
  const { authApi } = useServices().adapters;
  // Checked once per opening: a failed check shows "Try again" rather than retrying behind the person's back.
  const check = useQuery({
    queryKey: ["auth", "reset-link", token],
    queryFn: ({ signal }) => authApi.checkResetToken(token, signal).then(() => true as const),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  if (check.isPending) {
    return (
      <AuthLayout title="Choose a new password" busy focusHeading>
        <StatusMessage busy>Checking your link…</StatusMessage>
      </AuthLayout>
    );
  }
  if (check.isError && isDeadLink(check.error)) return <DeadLink />;
  if (check.isError) {
    return (
      <AuthLayout title="Choose a new password" focusHeading>
        <Alert>{failureMessage(check.error)}</Alert>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => void check.refetch()}>
            Try again
          </Button>
        </div>
        <div className={styles.links}>
          <Link href={AUTH_ROUTES.signIn}>Back to sign in</Link>
        </div>
      </AuthLayout>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function DeadLink() {
  return (
    <AuthLayout title="This reset link no longer works" focusHeading>
      <p className={styles.lead}>
        A password reset link works once and for a short time (the email says how long), and only the newest one you
        asked for. Ask for a new link and open it from the email.
      </p>
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.forgotPassword}>Request a new link</Link>
        <Link href={AUTH_ROUTES.signIn}>Back to sign in</Link>
      </div>
    </AuthLayout>
  );
}

function MissingToken() {
  return (
    <AuthLayout title="Choose a new password" focusHeading>
      <p className={styles.lead}>
        This page needs the link from a password reset email, and the address you opened has none. Ask for a new link
        and open it from the email.
      </p>
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.forgotPassword}>Request a reset link</Link>
        <Link href={AUTH_ROUTES.signIn}>Back to sign in</Link>
      </div>
    </AuthLayout>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { authApi } = useServices().adapters;
  const reset = useMutation({
    mutationFn: (passwords: { readonly password: string; readonly confirmation: string }) =>
      authApi.resetPassword({
        token,
        new_password: passwords.password,
        new_password_confirmation: passwords.confirmation,
      }),
  });
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset.mutate({ password, confirmation });
  };

  return (
    <AuthLayout title="Choose a new password" focusHeading>
      <StatusMessage>{reset.isSuccess ? "Your password has been changed. You can now sign in with it." : ""}</StatusMessage>
      <Alert>{reset.isError ? failureMessage(reset.error) : null}</Alert>
      {reset.isSuccess ? null : (
        <Form onSubmit={submit}>
          <TextField
            label="New password"
            name="new_password"
            type="password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            isRequired
            value={password}
            onChange={setPassword}
            validate={(value) => validationMessage(validatePasswordLength(value))}
          />
          <TextField
            label="Confirm new password"
            name="new_password_confirmation"
            type="password"
            autoComplete="new-password"
            isRequired
            value={confirmation}
            onChange={setConfirmation}
            validate={(value) => validationMessage(validatePasswordConfirmation(password, value))}
          />
          <Button type="submit" isPending={reset.isPending}>
            Save new password
          </Button>
        </Form>
      )}
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.signIn}>{reset.isSuccess ? "Sign in" : "Back to sign in"}</Link>
        {reset.isError ? <Link href={AUTH_ROUTES.forgotPassword}>Request a new link</Link> : null}
      </div>
    </AuthLayout>
  );
}
