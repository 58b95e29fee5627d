import { useSelector } from "@xstate/react";
import { useId, useState, type FormEvent } from "react";
import { isSentMethod } from "../../../machines/auth/mfa-choice.ts";
import { codeSourceText } from "./mfa-method-text.ts";
import { OtpInput } from "./otp-input.tsx";
import { useSignInActor } from "./sign-in-actor.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

const SUBMIT_PROBE = { type: "otp.submit", code: "" } as const;
const RESEND = { type: "code.resend" } as const;
const CHANGE_METHOD = { type: "method.change" } as const;

// /auth/mfa/otp?platform=: the code entry. The machine checks the code (ERROR_019 without a call
// for anything but six digits), sends it, and offers a resend only for methods that send codes.
export function OtpPage() {
  const actor = useSignInActor();
  const method = useSelector(actor, (snapshot) => snapshot.context.method);
  // A number being registered is known in full; a registered one only by its masked form.
  const phone = useSelector(actor, (snapshot) => snapshot.context.smsPhone ?? snapshot.context.user?.phone ?? null);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const verifying = useSelector(actor, (snapshot) => snapshot.matches("verifyingCode"));
  const sending = useSelector(actor, (snapshot) => snapshot.matches("sendingCode"));
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can(SUBMIT_PROBE));
  const canResend = useSelector(actor, (snapshot) => snapshot.can(RESEND));
  const canChangeMethod = useSelector(actor, (snapshot) => snapshot.can(CHANGE_METHOD));
  const [code, setCode] = useState("");
  const [resent, setResent] = useState(false);
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "otp.submit", code });
  };
  const resend = () => {
    setResent(true);
    setCode("");
    actor.send(RESEND);
  };

  // Only email and SMS codes are sent by the server; an authenticator app makes its own.
  const offersResend = isSentMethod(method);
  const status = sending ? "Sending a code…" : resent && error === null ? "We sent you a new code." : "";

  return (
    <AuthLayout title="Enter your verification code">
      <p className={styles.lead}>{method === null ? "" : codeSourceText(method, phone)}</p>
      <Alert id={errorId}>{error?.message}</Alert>
      <StatusMessage busy={sending}>{status}</StatusMessage>
      {/* "aria" validation: a refused code marks the field invalid for screen readers, but must
          never block typing the next code and submitting it again. */}
      <Form onSubmit={submit} validationBehavior="aria">
        <OtpInput
          value={code}
          onChange={setCode}
          isInvalid={error !== null}
          describedBy={error === null ? undefined : errorId}
        />
        <Button type="submit" isPending={verifying} isDisabled={!canSubmit && !verifying}>
          Verify
        </Button>
      </Form>
      <div className={styles.actions}>
        {offersResend ? (
          <Button variant="secondary" isPending={sending} isDisabled={!canResend && !sending} onPress={resend}>
            Resend code
          </Button>
        ) : null}
        <Button variant="secondary" isDisabled={!canChangeMethod} onPress={() => actor.send(CHANGE_METHOD)}>
          Use another method
        </Button>
      </div>
    </AuthLayout>
  );
}
