import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { Form } from "../kit/form.tsx";
import { StatusMessage } from "../kit/status-message.tsx";
import { OtpInput } from "./otp-input.tsx";

/**
 * Where the resend of a code stands, as the flow's machine says: not offered (an authenticator
 * app makes its own codes), ready, waiting out the pause between sends, or sending.
 */
export type ResendStanding = "none" | "ready" | "waiting" | "sending";

export type OtpEntryProps = {
  /** Where the code comes from ("We sent a code to …"). */
  readonly source: string;
  /** The refusal of the last code or send, from the machine. */
  readonly errorMessage: string | null;
  readonly verifying: boolean;
  /** Whether the machine takes a code now (`snapshot.can`). */
  readonly canSubmit: boolean;
  readonly resend: ResendStanding;
  readonly onSubmit: (code: string) => void;
  readonly onResend: () => void;
  /** Said under the buttons while a resend waits (e.g. how long). */
  readonly waitingNote?: string;
  /** Further actions beside Resend (the sign-in's "Use another method"). */
  readonly actions?: ReactNode;
  /** Class names of the lead paragraph and the action row, from the page that holds the entry. */
  readonly classNames: { readonly lead: string; readonly actions: string };
};

/**
 * The one code entry of the portal, for the sign-in step and for confirming a change in Settings:
 * where the code comes from, the refusal, the field, Verify, and Resend when the method sends
 * codes. A new code empties the field; the digits typed are the only state it keeps.
 */
export function OtpEntry({ source, errorMessage, verifying, canSubmit, resend, onSubmit, onResend, waitingNote, actions, classNames }: OtpEntryProps) {
  const [code, setCode] = useState("");
  const [resent, setResent] = useState(false);
  const errorId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(code);
  };
  const askAgain = () => {
    setResent(true);
    setCode("");
    onResend();
  };
  const status =
    resend === "sending" ? "Sending a new code…" : resent && errorMessage === null ? "We sent you a new code." : "";
  return (
    <>
      <p className={classNames.lead}>{source}</p>
      <Alert id={errorId}>{errorMessage}</Alert>
      <StatusMessage busy={resend === "sending"}>{status}</StatusMessage>
      {/* "aria" validation: a refused code marks the field invalid for screen readers, but must
          never block typing the next code and submitting it again. */}
      <Form onSubmit={submit} validationBehavior="aria">
        <OtpInput value={code} onChange={setCode} isInvalid={errorMessage !== null} describedBy={errorMessage === null ? undefined : errorId} />
        <div className={classNames.actions}>
          <Button type="submit" isPending={verifying} isDisabled={!canSubmit && !verifying}>
            Verify
          </Button>
          {resend === "none" ? null : (
            <Button variant="secondary" isDisabled={resend !== "ready"} isPending={resend === "sending"} onPress={askAgain}>
              Resend code
            </Button>
          )}
          {actions}
        </div>
      </Form>
      {resend === "waiting" && waitingNote !== undefined ? <p className={classNames.lead}>{waitingNote}</p> : null}
    </>
  );
}
