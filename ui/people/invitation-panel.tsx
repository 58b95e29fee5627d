import { useState } from "react";
import { type InvitationSummary, invitationActions, invitationSentence } from "../../domain/invitations/index.ts";
import { failureMessage } from "../data/failure-message.ts";
import { showToast } from "../feedback/toast-queue.ts";
import { Button } from "../kit/button.tsx";
import { ConfirmationDialog } from "../kit/confirmation-dialog.tsx";
import * as styles from "./invitation-panel.css.ts";

export type InvitationPanelProps = {
  /** The invited person's name, as the confirmation and the toasts say it. */
  readonly name: string;
  readonly status: string;
  readonly invitation: InvitationSummary | null;
  /** Whether the viewer may send or withdraw links (the same permission as editing the person). */
  readonly canManage: boolean;
  /** Sends a new link (the old one dies); resolves once the server has answered. */
  readonly resend: () => Promise<unknown>;
  /** Withdraws the open link; the person stays pending. */
  readonly revoke: () => Promise<unknown>;
};

// A pending administrator's or SLP's invitation on their record (docs/invitations.md): who sent it,
// when, until when it works, and the resend and withdraw actions. Shared by the administrators and
// SLPs pages, which hand in their own calls.
export function InvitationPanel({ name, status, invitation, canManage, resend, revoke }: InvitationPanelProps) {
  const [busy, setBusy] = useState<"resend" | "revoke" | null>(null);
  const [asking, setAsking] = useState(false);
  if (status !== "pending") return null;
  const actions = invitationActions(status, invitation);

  const run = (which: "resend" | "revoke", call: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(which);
    call().then(
      () => {
        setBusy(null);
        setAsking(false);
        showToast({ title: done });
      },
      (error: unknown) => {
        setBusy(null);
        setAsking(false);
        showToast({ title: failed, description: failureMessage(error), variant: "destructive" });
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby="invitation-heading">
      <h2 id="invitation-heading" className={styles.heading}>
        Invitation
      </h2>
      <p className={styles.sentence}>{invitation === null ? "No invitation has been sent yet." : invitationSentence(invitation)}</p>
      {canManage && (actions.resend || actions.revoke) ? (
        <div className={styles.actions}>
          {actions.resend ? (
            <Button
              variant="secondary"
              isPending={busy === "resend"}
              onPress={() => run("resend", resend, `A new invitation was sent to ${name}`, `Could not send a new invitation to ${name}`)}
            >
              {invitation === null ? "Send invitation" : "Resend invitation"}
            </Button>
          ) : null}
          {actions.revoke ? (
            <Button variant="destructive" onPress={() => setAsking(true)}>
              Withdraw invitation
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmationDialog
        isOpen={asking}
        title={`Withdraw ${name}'s invitation?`}
        confirmLabel="Withdraw invitation"
        destructive
        isPending={busy === "revoke"}
        onConfirm={() => run("revoke", revoke, `${name}'s invitation was withdrawn`, `Could not withdraw ${name}'s invitation`)}
        onCancel={() => setAsking(false)}
      >
        <p>The link in their e-mail stops working. They stay pending: you can send a new invitation or delete the account later.</p>
      </ConfirmationDialog>
    </section>
  );
}
