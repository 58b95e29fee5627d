import { useMutation, useQuery } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import * as Schema from "effect/Schema";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useLocation, useSearchParams } from "wouter";
import { invitationsApiOf } from "../../../adapters/invitations/index.ts";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { EMPTY_INVITATION_ACCEPT_DRAFT, INVITATION_ADVICE, type InvitationAcceptField, type OpenInvitation } from "../../../domain/invitations/index.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { MIN_PASSWORD_LENGTH } from "../../../domain/shared/validators/password.ts";
import { TokenText } from "../../../domain/shared/wire/text-fields.ts";
import { AUTH_ROUTES } from "../../../machines/auth/index.ts";
import { QueryClientScope } from "../../data/query-client-scope.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { NewPasswordFields } from "../../forms/new-password-fields.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Link } from "../../kit/link.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { useServices } from "../../services/services-context.tsx";
import { AuthLayout, authPageStyles as styles, useSignInActor } from "../auth/index.ts";
import { invitationAcceptLogicFor, type SubmitInvitationAcceptInput } from "./invitation-machines.ts";

const isToken = Schema.is(TokenText);
const SUBMIT_PROBE = { type: "credentials.submit", email: "", password: "" } as const;

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
  // One callback for the form's whole life: the form looks the link up again once per refusal of its token.
  const { refetch } = lookup;
  const lookUpAgain = useCallback(() => void refetch(), [refetch]);
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
  return <AcceptForm token={token} invitation={found} onClosed={lookUpAgain} />;
}

/**
 * The first password, on the invitation-accept machine (invitation-machines.ts): its check is the
 * domain's (domain/invitations/invitation-accept-form.ts), a refused password shows on its field
 * and the focus goes to the first field with a message.
 */
function AcceptForm({ token, invitation, onClosed }: { readonly token: string; readonly invitation: OpenInvitation; readonly onClosed: () => void }) {
  const api = invitationsApiOf(useServices().adapters.client);
  const signIn = useSignInActor();
  const [, navigate] = useLocation();
  const accept = useMutation({ mutationFn: ({ value }: SubmitInvitationAcceptInput) => api.accept({ token, ...value }) });
  const [logic] = useState(() => invitationAcceptLogicFor((input) => accept.mutateAsync(input)));
  const actor = useActorRef(logic, { input: { draft: EMPTY_INVITATION_ACCEPT_DRAFT } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const accepted = useSelector(actor, (snapshot) => snapshot.context.created);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting") || snapshot.matches("done"));
  const { ref: formRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);
  // The link died meanwhile (used in another tab, withdrawn): look it up again to say why.
  const linkClosed = isApiFailure(failure) && failure.field === "token";

  useEffect(() => {
    if (accepted === null) return;
    // Straight on to sign-in with the password just chosen: the flow goes on to the second
    // factor and then the dashboard. The sign-in page shows it happening.
    const password = actor.getSnapshot().context.value?.new_password ?? "";
    navigate(AUTH_ROUTES.signIn, { replace: true });
    if (signIn.getSnapshot().can(SUBMIT_PROBE)) signIn.send({ type: "credentials.submit", email: accepted.email, password });
  }, [accepted, actor, navigate, signIn]);
  useEffect(() => {
    if (linkClosed) onClosed();
  }, [linkClosed, onClosed]);

  const edit = (field: InvitationAcceptField) => (value: string) => actor.send({ type: "form.change", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    actor.send({ type: "form.submit", now: new Date() });
  };

  return (
    <AuthLayout title={`Welcome, ${invitation.first_name}`} focusHeading>
      <p className={styles.lead}>
        You are invited to {invitation.institution_name === "" ? "the speech therapy care portal" : invitation.institution_name}. You will sign in as{" "}
        <strong>{invitation.email}</strong>. This link works until {formatDateTime(invitation.expires_at)}.
      </p>
      <p className={styles.lead}>Choose your password. Next you will set up a second way to confirm it is you.</p>
      <Alert>{failure === null || linkClosed ? null : failureMessage(failure)}</Alert>
      <div ref={formRef}>
        <Form onSubmit={submit} validationBehavior="aria">
          <NewPasswordFields
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            password={{ value: draft.new_password, onChange: edit("new_password"), error: errors.new_password }}
            confirmation={{ value: draft.new_password_confirmation, onChange: edit("new_password_confirmation"), error: errors.new_password_confirmation }}
          />
          <Button type="submit" isPending={pending}>
            Set password and sign in
          </Button>
        </Form>
      </div>
      <div className={styles.links}>
        <Link href={AUTH_ROUTES.signIn}>I already have a password</Link>
      </div>
    </AuthLayout>
  );
}
