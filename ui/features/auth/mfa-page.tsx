import { useSelector } from "@xstate/react";
import { useId, useState, type FormEvent } from "react";
import { isMfaMethod } from "../../../machines/auth/auth-route-guards.ts";
import { methodsToRegister } from "../../../machines/auth/mfa-choice.ts";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { codeSourceText, MFA_METHOD_NAME, SETUP_TEXT } from "./mfa-method-text.ts";
import { useSignInActor } from "./sign-in-actor.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Radio } from "../../kit/radio.tsx";
import { RadioGroup } from "../../kit/radio-group.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import * as styles from "./auth-page.css.ts";

const SETUP_LABEL: Readonly<Record<MfaMethod, string>> = {
  email: "Set up email codes",
  sms: "Set up text messages",
  app: "Set up an authenticator app",
};

// /auth/mfa: the second-factor choice. Registered methods are a radio group with one Continue;
// each method not yet registered has its own set-up button (methodsToRegister decides which).
export function MfaPage() {
  const actor = useSignInActor();
  const user = useSelector(actor, (snapshot) => snapshot.context.user);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  // create_mfa and totp/qr run from here before the registration page takes over.
  const busy = useSelector(actor, (snapshot) => snapshot.matches("registeringMethod") || snapshot.matches("sendingCode"));
  const addHeadingId = useId();

  const registered = user?.mfa_methods ?? [];
  const toRegister = methodsToRegister(user);
  const preferred = user?.default_mfa_method ?? null;
  // Until the person picks, the default method (or the first registered one) is selected.
  const [picked, setPicked] = useState<MfaMethod | null>(null);
  const fallback = preferred !== null && registered.includes(preferred) ? preferred : (registered[0] ?? null);
  const choice = picked !== null && registered.includes(picked) ? picked : fallback;
  const canContinue = useSelector(actor, (snapshot) =>
    choice !== null && snapshot.can({ type: "method.choose", method: choice }),
  );

  const continueWithChoice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice !== null) actor.send({ type: "method.choose", method: choice });
  };

  return (
    <AuthLayout title="Verify it's you" busy={busy}>
      <p className={styles.lead}>
        {registered.length > 0
          ? "Choose how to receive your one-time code."
          : "Your account needs a second way to prove it's you. Choose one to set up."}
      </p>
      <Alert>{error?.message}</Alert>
      {registered.length > 0 ? (
        <Form onSubmit={continueWithChoice}>
          <RadioGroup
            label="Verification method"
            value={choice}
            onChange={(value) => setPicked(isMfaMethod(value) ? value : null)}
          >
            {registered.map((method) => (
              <Radio
                key={method}
                value={method}
                label={method === preferred ? `${MFA_METHOD_NAME[method]} (default)` : MFA_METHOD_NAME[method]}
                description={codeSourceText(method, user?.phone ?? null)}
              />
            ))}
          </RadioGroup>
          <Button type="submit" isPending={busy} isDisabled={!canContinue && !busy}>
            Continue
          </Button>
          <p className={styles.lead}>After signing in, you can add another way to verify in Settings.</p>
        </Form>
      ) : null}
      {toRegister.length > 0 ? (
        <section className={styles.section} aria-labelledby={addHeadingId}>
          <h2 id={addHeadingId} className={styles.subheading}>
            Set up a method
          </h2>
          {toRegister.map((method) => (
            <div key={method} className={styles.section}>
              <p className={styles.lead}>{SETUP_TEXT[method]}</p>
              <SetUpButton method={method} />
            </div>
          ))}
        </section>
      ) : null}
    </AuthLayout>
  );
}

// One button per method to set up, enabled exactly when the flow would accept that choice.
function SetUpButton({ method }: { method: MfaMethod }) {
  const actor = useSignInActor();
  const canChoose = useSelector(actor, (snapshot) => snapshot.can({ type: "method.choose", method }));
  return (
    <Button variant="secondary" isDisabled={!canChoose} onPress={() => actor.send({ type: "method.choose", method })}>
      {SETUP_LABEL[method]}
    </Button>
  );
}
