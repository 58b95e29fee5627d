import { useSelector } from "@xstate/react";
import { isSentMethod } from "../../../machines/auth/mfa-choice.ts";
import { codeSourceText } from "./mfa-method-text.ts";
import { useSignInActor } from "./sign-in-actor.tsx";
import { OtpEntry } from "../../forms/otp-entry.tsx";
import { Button } from "../../kit/button.tsx";
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
  // Only email and SMS codes are sent by the server; an authenticator app makes its own.
  const resend = !isSentMethod(method) ? "none" : sending ? "sending" : canResend ? "ready" : "waiting";

  return (
    <AuthLayout title="Enter your verification code">
      <OtpEntry
        source={method === null ? "" : codeSourceText(method, phone)}
        errorMessage={error?.message ?? null}
        verifying={verifying}
        canSubmit={canSubmit}
        resend={resend}
        onSubmit={(code) => actor.send({ type: "otp.submit", code })}
        onResend={() => actor.send(RESEND)}
        classNames={styles}
        actions={
          <Button variant="secondary" isDisabled={!canChangeMethod} onPress={() => actor.send(CHANGE_METHOD)}>
            Use another method
          </Button>
        }
      />
    </AuthLayout>
  );
}
