import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { defaultAfterRemoval } from "../../../domain/auth/index.ts";
import { MFA_METHODS, type MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { codeMethodOf } from "../../../machines/account/mfa-change.setup.ts";
import type { MfaChangeKind } from "../../../machines/account/mfa-change.types.ts";
import { codeSourceText, MFA_METHOD_NAME, QrCode, TotpSecret } from "../auth/index.ts";
import { OtpEntry, type ResendStanding } from "../../forms/otp-entry.tsx";
import { formText } from "../../forms/form-text.ts";
import { SmsPhoneField } from "../../forms/sms-phone-field.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ModalDialog } from "../../kit/dialog.tsx";
import { Form } from "../../kit/form.tsx";
import { Radio } from "../../kit/radio.tsx";
import { RadioGroup } from "../../kit/radio-group.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import type { MfaChangeLogic } from "./mfa-change-machines.ts";
import * as styles from "./settings-page.css.ts";
import type { ActorRefFrom } from "xstate";

type ChangeActor = ActorRefFrom<MfaChangeLogic>;

// How a method reads inside a sentence ("Add text messages (SMS)").
const METHOD_PHRASE: Readonly<Record<MfaMethod, string>> = {
  email: "email codes",
  sms: "text messages (SMS)",
  app: "authenticator app",
};

const titleOf = (change: MfaChangeKind | null, method: MfaMethod | null): string => {
  const phrase = method === null ? "" : METHOD_PHRASE[method];
  if (change === "add") return `Add ${phrase}`;
  if (change === "default") return `Make ${phrase} your default`;
  return `Remove ${phrase}`;
};

const isMfaMethod = (value: unknown): value is MfaMethod => MFA_METHODS.some((method) => method === value);

// The dialog is open while a change is under way; Escape or Cancel ends it, and React Aria then
// returns focus to the button that opened it.
export function MfaChangeDialog({ actor, user, onCancel }: { actor: ChangeActor; user: CurrentUser; onCancel: () => void }) {
  const open = useSelector(actor, (snapshot) => !snapshot.matches("idle") && !snapshot.matches("done"));
  const change = useSelector(actor, (snapshot) => snapshot.context.change);
  const method = useSelector(actor, (snapshot) => snapshot.context.method);

  return (
    <ModalDialog isOpen={open} onClose={onCancel} title={titleOf(change, method)} isDismissable={false}>
      <DialogStep actor={actor} user={user} />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}

function DialogStep({ actor, user }: { actor: ChangeActor; user: CurrentUser }) {
  const step = useSelector(actor, (snapshot) => {
    if (snapshot.matches("enteringPhone")) return "phone";
    if (snapshot.matches("sendingCode")) return "busy";
    if (snapshot.matches("showingSecret")) return "secret";
    if (snapshot.matches("choosingConfirmation")) return "choice";
    return "code";
  });
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const started = useSelector(actor, (snapshot) => snapshot.context.started);

  if (step === "busy") {
    return (
      <>
        <Alert>{error?.message}</Alert>
        <StatusMessage busy>Sending a code…</StatusMessage>
      </>
    );
  }
  if (step === "phone") return <PhoneStep actor={actor} />;
  if (step === "secret") return <SecretStep actor={actor} />;
  if (step === "choice") return <ChoiceStep actor={actor} user={user} />;
  // The new method's code entry is a fresh field: the step-up code typed before it is gone.
  return <CodeStep key={started ? "new-method" : "step-up"} actor={actor} user={user} />;
}

function PhoneStep({ actor }: { actor: ChangeActor }) {
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "phone.submit", phone: formText(new FormData(event.currentTarget), "phone") });
  };
  return (
    <>
      <p className={styles.muted}>Once you confirm it is you, we will text a code to this number, to check it is yours.</p>
      <Alert>{error?.message}</Alert>
      <Form onSubmit={submit}>
        <SmsPhoneField />
        <div>
          <Button type="submit">Continue</Button>
        </div>
      </Form>
    </>
  );
}

function SecretStep({ actor }: { actor: ChangeActor }) {
  const totp = useSelector(actor, (snapshot) => snapshot.context.totp);
  if (totp === null) return null;
  return (
    <>
      <p className={styles.muted}>
        Open your authenticator app, add an account, and scan this QR code. Then continue and enter the code the app
        shows.
      </p>
      <QrCode value={totp.url} label="QR code for adding this portal to your authenticator app" />
      <TotpSecret secret={totp.secret} />
      <div>
        <Button onPress={() => actor.send({ type: "secret.scanned" })}>Continue</Button>
      </div>
    </>
  );
}

function ChoiceStep({ actor, user }: { actor: ChangeActor; user: CurrentUser }) {
  const change = useSelector(actor, (snapshot) => snapshot.context.change);
  const method = useSelector(actor, (snapshot) => snapshot.context.method);
  const confirmed = useSelector(actor, (snapshot) => snapshot.context.confirmed);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const [picked, setPicked] = useState<MfaMethod | null>(null);
  const preferred = user.default_mfa_method !== null && confirmed.includes(user.default_mfa_method) ? user.default_mfa_method : null;
  const choice = picked ?? preferred ?? confirmed[0] ?? null;
  const nextDefault = change === "remove" && method !== null ? defaultAfterRemoval(confirmed, method, user.default_mfa_method) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice !== null) actor.send({ type: "confirmation.choose", method: choice });
  };

  return (
    <>
      {nextDefault !== null && nextDefault !== user.default_mfa_method ? (
        <p>{MFA_METHOD_NAME[nextDefault]} will become your default method.</p>
      ) : null}
      <p className={styles.muted}>To make sure it is you, confirm with a code from one of your methods.</p>
      <Alert>{error?.message}</Alert>
      <Form onSubmit={submit}>
        <RadioGroup label="Confirm with" value={choice} onChange={(value) => setPicked(isMfaMethod(value) ? value : null)}>
          {MFA_METHODS.filter((each) => confirmed.includes(each)).map((each) => (
            <Radio key={each} value={each} label={MFA_METHOD_NAME[each]} />
          ))}
        </RadioGroup>
        <div>
          <Button type="submit">Continue</Button>
        </div>
      </Form>
    </>
  );
}

function CodeStep({ actor, user }: { actor: ChangeActor; user: CurrentUser }) {
  const codeMethod = useSelector(actor, (snapshot) => codeMethodOf(snapshot.context));
  const phone = useSelector(actor, (snapshot) => snapshot.context.phone);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const saving = useSelector(actor, (snapshot) => !snapshot.matches({ awaitingCode: { entry: "typingCode" } }));
  const resend = useSelector(actor, (snapshot): ResendStanding => {
    if (snapshot.matches({ awaitingCode: { resend: "notOffered" } })) return "none";
    if (snapshot.matches({ awaitingCode: { resend: "coolingDown" } })) return "waiting";
    if (snapshot.matches({ awaitingCode: { resend: "resendReady" } })) return "ready";
    return "sending";
  });
  return (
    <OtpEntry
      source={codeMethod === null ? "" : codeSourceText(codeMethod, phone ?? user.phone)}
      errorMessage={error?.message ?? null}
      verifying={saving}
      canSubmit={!saving}
      resend={resend}
      onSubmit={(code) => actor.send({ type: "otp.submit", code })}
      onResend={() => actor.send({ type: "code.resend" })}
      waitingNote="You can ask for a new code 30 seconds after the last one."
      classNames={{ lead: styles.muted, actions: styles.actions }}
    />
  );
}
