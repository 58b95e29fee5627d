import { useId, useState } from "react";
import { useLocation } from "wouter";
import type { StatusAction } from "../../domain/shared/statuses/status-actions.ts";
import { failureMessage } from "../data/failure-message.ts";
import { confirmChange } from "../feedback/confirm-change.ts";
import { showToast } from "../feedback/toast-queue.ts";
import { Button } from "../kit/button.tsx";
import { ConfirmationDialog } from "../kit/confirmation-dialog.tsx";
import * as styles from "./status-actions.css.ts";

/** The words of one status action on a record: its button, the confirmation's question and explanation, and the toast once done. */
export type StatusActionText = {
  readonly button: string;
  readonly question: (name: string) => string;
  readonly explain: string;
  readonly done: (name: string) => string;
};

export type StatusActionsProps = {
  /** The person as the buttons' confirmations and toasts name them. */
  readonly name: string;
  /** The actions to offer, in order: those the viewer holds that the record's status allows (each feature's abilities decide). */
  readonly actions: readonly StatusAction[];
  readonly text: Readonly<Record<StatusAction, StatusActionText>>;
  /** Actions shown but not to be taken, with the reason beside them in words (the institution's last active administrator). */
  readonly heldBack?: { readonly actions: readonly StatusAction[]; readonly reason: string };
  /** Activate or deactivate; resolves once the server has answered. */
  readonly change: (action: Exclude<StatusAction, "delete">) => Promise<unknown>;
  /** Delete; resolves once the server has answered. */
  readonly remove: () => Promise<unknown>;
  readonly pending: boolean;
  /** Where a deleted record's page goes: its list (the record is gone). */
  readonly afterDelete: string;
};

// The status buttons of a person's record (patients, administrators), each behind a confirmation
// that names them; a held-back action stays visible but disabled, with its reason beside it. A
// refusal closes the confirmation and says why in a toast; a deletion opens the list.
export function StatusActions({ name, actions, text, heldBack, change, remove, pending, afterDelete }: StatusActionsProps) {
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [, navigate] = useLocation();
  const reasonId = useId();
  if (actions.length === 0) return null;
  const isHeldBack = (action: StatusAction) => heldBack?.actions.includes(action) === true;
  const anyHeldBack = actions.some(isHeldBack);

  const confirm = () => {
    if (asking === null) return;
    const words = text[asking];
    const fail = (error: unknown) => {
      setAsking(null);
      showToast({ title: `Could not ${words.button.toLowerCase()} ${name}`, description: failureMessage(error), variant: "destructive" });
    };
    // Promises, not a mutation's callbacks: those are dropped if the page unmounts first.
    if (asking === "delete") {
      remove().then(() => {
        confirmChange({ title: words.done(name) });
        navigate(afterDelete, { replace: true });
      }, fail);
      return;
    }
    change(asking).then(() => {
      setAsking(null);
      confirmChange({ title: words.done(name) });
    }, fail);
  };

  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === "activate" ? "secondary" : "destructive"}
          isDisabled={isHeldBack(action)}
          {...(isHeldBack(action) ? { "aria-describedby": reasonId } : {})}
          onPress={() => setAsking(action)}
        >
          {text[action].button}
        </Button>
      ))}
      {anyHeldBack ? (
        <p id={reasonId} className={styles.reason}>
          {heldBack?.reason}
        </p>
      ) : null}
      <ConfirmationDialog
        isOpen={asking !== null}
        title={asking === null ? "" : text[asking].question(name)}
        confirmLabel={asking === null ? "" : text[asking].button}
        destructive={asking !== "activate"}
        isPending={pending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking === null ? null : <p>{text[asking].explain}</p>}
      </ConfirmationDialog>
    </div>
  );
}
