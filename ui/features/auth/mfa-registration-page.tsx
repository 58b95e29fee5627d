import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { toSmsPhone } from "../../../domain/shared/validators/phone.ts";
import { QrCode } from "./qr-code.tsx";
import { useSignInActor } from "./sign-in-actor.tsx";
import { TotpSecret } from "./totp-secret.tsx";
import { formText } from "../../forms/form-text.ts";
import { SmsPhoneField } from "../../forms/sms-phone-field.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

const CHANGE_METHOD = { type: "method.change" } as const;
const PHONE_PROBE = { type: "phone.submit", phone: toSmsPhone("") } as const;
const SCANNED = { type: "qr.scanned" } as const;

// /auth/mfa/registration?platform=sms|app: setting up a second factor. SMS asks for the number
// (checked with the domain's phone rule, sent in E.164); an authenticator app shows the QR code
// and the same key as text, then goes on to code entry.
export function MfaRegistrationPage() {
  const actor = useSignInActor();
  const method = useSelector(actor, (snapshot) => snapshot.context.method);
  if (method === "sms") return <SmsRegistration />;
  return <AppRegistration />;
}

function ChangeMethodButton() {
  const actor = useSignInActor();
  const canChange = useSelector(actor, (snapshot) => snapshot.can(CHANGE_METHOD));
  return (
    <Button variant="secondary" isDisabled={!canChange} onPress={() => actor.send(CHANGE_METHOD)}>
      Choose another method
    </Button>
  );
}

function SmsRegistration() {
  const actor = useSignInActor();
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can(PHONE_PROBE));
  const creating = useSelector(actor, (snapshot) => snapshot.matches({ registeringMethod: "creatingMethod" }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "phone.submit", phone: toSmsPhone(formText(new FormData(event.currentTarget), "phone")) });
  };

  return (
    <AuthLayout title="Set up text messages">
      <p className={styles.lead}>We will text a code to this number now, and each time you sign in.</p>
      <Alert>{error?.message}</Alert>
      <Form onSubmit={submit}>
        <SmsPhoneField />
        <Button type="submit" isPending={creating} isDisabled={!canSubmit && !creating}>
          Send code
        </Button>
      </Form>
      <div className={styles.actions}>
        <ChangeMethodButton />
      </div>
    </AuthLayout>
  );
}

function AppRegistration() {
  const actor = useSignInActor();
  const totp = useSelector(actor, (snapshot) => snapshot.context.totp);
  const showing = useSelector(actor, (snapshot) => snapshot.matches({ registeringMethod: "showingQr" }));
  const canContinue = useSelector(actor, (snapshot) => snapshot.can(SCANNED));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const title = "Set up an authenticator app";

  if (!showing || totp === null) {
    return (
      <AuthLayout title={title} busy>
        <Alert>{error?.message}</Alert>
        <StatusMessage busy>Preparing your authenticator app set-up…</StatusMessage>
        <div className={styles.actions}>
          <ChangeMethodButton />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title}>
      <p className={styles.lead}>
        Open your authenticator app, add an account, and scan this QR code. Then continue and enter the code the app
        shows.
      </p>
      <QrCode value={totp.url} label="QR code for adding this portal to your authenticator app" />
      <TotpSecret secret={totp.secret} />
      <div className={styles.actions}>
        <Button isDisabled={!canContinue} onPress={() => actor.send(SCANNED)}>
          Continue
        </Button>
        <ChangeMethodButton />
      </div>
    </AuthLayout>
  );
}
