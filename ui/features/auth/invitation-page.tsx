import { useMutation, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import * as Schema from "effect/Schema";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useSearchParams } from "wouter";
import { invitationsApiOf } from "../../../adapters/invitations/index.ts";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { INVITATION_ADVICE, type OpenInvitation } from "../../../domain/invitations/index.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { MIN_PASSWORD_LENGTH, validatePasswordConfirmation, validatePasswordLength } from "../../../domain/shared/validators/password.ts";
import { TokenText } from "../../../domain/shared/wire/text-fields.ts";
import { AUTH_ROUTES } from "../../../machines/auth/auth-route.ts";
import { QueryClientScope } from "../../data/query-client-scope.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { validationMessage } from "../../forms/validation-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Link } from "../../kit/link.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { useServices } from "../../services/services-context.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import { useSignInActor } from "./sign-in-actor.tsx";
import * as styles from "./auth-page.css.ts";

const isToken = Schema.is(TokenText);
const SUBMIT_PROBE = { type: "credentials.submit", email: "", password: "" } as const;
// The fields a refused password names; anything else goes to the alert.
const PASSWORD_FIELDS = new Set(["new_password", "new_password_confirmation"]);

/**
 * The link's token, read once from the address and then taken out of it (replace, so it stays out
 * of the history, the address bar and anything shared from it); the page keeps it in state.
 */
function useTokenOnce(): string | null {
  const [params] = useSearchParams();
  const [location, navigate] = useLocation();
  const [token] = useState(() => {
    const text = params.get("token");
    return text !== null && isToken(text) ? text : null;
  });
  const inAddress = params.has("token");
  useEffect(() => {
    if (inAddress) navigate(location, { replace: true });
  }, [inAddress, location, navigate]);
  return token;
}

// /auth/invitation?token=: where an invited administrator's or SLP's e-mail leads. An open link
// greets them and asks for their first password; then they sign in with it at once (the sign-in
// flow takes them to set up a second factor). A link that no longer works says why and what to do.
export function InvitationPage() {
  const token = useTokenOnce();
  if (token === null) return <ClosedLink state="unknown" />;
  return (
    <QueryClientScope>
      <InvitationLanding token={token} />
    </QueryClientScope>
  );
}

function ClosedLink({ state }: { readonly state: keyof typeof INVITATION_ADVICE }) {
  const advice = INVITATION_ADVICE[state];
  return (
    <AuthLayout title={advice.title} focusHeading>
      <p className={styles.lead}>{advice.text}</p>
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.signIn}>Go to sign in</Link>
      </div>
    </AuthLayout>
  );
}

function InvitationLanding({ token }: { readonly token: string }) {
  const api = invitationsApiOf(useServices().adapters.client);
  // A link is looked up once: a failed lookup is shown with "Try again", not retried behind the person's back.
  const lookup = useQuery({ queryKey: ["invitations", "lookup", token], queryFn: ({ signal }) => api.lookup(token, signal), retry: false, staleTime: Number.POSITIVE_INFINITY });
  if (lookup.isPending) {
    return (
      <AuthLayout title="Your invitation" busy focusHeading>
        <StatusMessage busy>Checking your invitation…</StatusMessage>
      </AuthLayout>
    );
  }
  if (lookup.isError) {
    return (
      <AuthLayout title="Your invitation" focusHeading>
        <Alert>{failureMessage(lookup.error)}</Alert>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => void lookup.refetch()}>
            Try again
          </Button>
        </div>
        <div className={styles.links}>
          <Link href={AUTH_ROUTES.signIn}>Go to sign in</Link>
        </div>
      </AuthLayout>
    );
  }
  const found = lookup.data;
  if (found.state !== "open") return <ClosedLink state={found.state} />;
  return <AcceptForm token={token} invitation={found} onClosed={() => void lookup.refetch()} />;
}

function AcceptForm({ token, invitation, onClosed }: { readonly token: string; readonly invitation: OpenInvitation; readonly onClosed: () => void }) {
  const api = invitationsApiOf(useServices().adapters.client);
  const actor = useSignInActor();
  const canSignIn = useSelector(actor, (snapshot) => snapshot.can(SUBMIT_PROBE));
  const [, navigate] = useLocation();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const accept = useMutation({
    mutationFn: (passwords: { readonly password: string; readonly confirmation: string }) =>
      api.accept({ token, new_password: passwords.password, new_password_confirmation: passwords.confirmation }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerErrors({});
    const typed = password;
    accept.mutateAsync({ password: typed, confirmation }).then(
      ({ email }) => {
        // Straight on to sign-in with the password just chosen: the flow goes on to the second
        // factor and then the dashboard. The sign-in page shows it happening.
        navigate(AUTH_ROUTES.signIn, { replace: true });
        if (canSignIn) actor.send({ type: "credentials.submit", email, password: typed });
      },
      (error: unknown) => {
        if (!isApiFailure(error)) return;
        // The link died meanwhile (used in another tab, withdrawn): look it up again to say why.
        if (error.field === "token") onClosed();
        else if (error.field !== undefined && PASSWORD_FIELDS.has(error.field)) setServerErrors({ [error.field]: error.message });
      },
    );
  };

  const alert = accept.isError && !(isApiFailure(accept.error) && accept.error.field !== undefined && (PASSWORD_FIELDS.has(accept.error.field) || accept.error.field === "token"));
  return (
    <AuthLayout title={`Welcome, ${invitation.first_name}`} focusHeading>
      <p className={styles.lead}>
        You are invited to {invitation.institution_name === "" ? "the speech therapy care portal" : invitation.institution_name}. You will sign in as{" "}
        <strong>{invitation.email}</strong>. This link works until {formatDateTime(invitation.expires_at)}.
      </p>
      <p className={styles.lead}>Choose your password. Next you will set up a second way to confirm it is you.</p>
      <Alert>{alert ? failureMessage(accept.error) : null}</Alert>
      <Form onSubmit={submit} validationErrors={serverErrors}>
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
        <Button type="submit" isPending={accept.isPending || accept.isSuccess}>
          Set password and sign in
        </Button>
      </Form>
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.signIn}>I already have a password</Link>
      </div>
    </AuthLayout>
  );
}
