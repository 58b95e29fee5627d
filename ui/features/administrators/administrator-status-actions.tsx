import { useId, useState } from "react";
import { useLocation } from "wouter";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { LAST_ADMINISTRATOR_REASON } from "../../../domain/administrators/last-administrator.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { allowedStatusActions } from "../../../domain/shared/statuses/administrator-status.ts";
import { activationOffered } from "../../../domain/shared/statuses/first-activation.ts";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import type { AdministratorAbilities } from "../../../domain/administrators/administrator-abilities.ts";
import { useAdministratorStatusChange, useDeleteAdministrator } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";

const ACTION_TEXT: Readonly<Record<StatusAction, { button: string; question: (name: string) => string; explain: string; done: (name: string) => string }>> = {
  activate: {
    button: "Activate",
    question: (name) => `Activate ${name}?`,
    explain: "They can sign in to the portal and manage the institution again.",
    done: (name) => `${name} is active`,
  },
  deactivate: {
    button: "Deactivate",
    question: (name) => `Deactivate ${name}?`,
    explain: "They are signed out everywhere and can no longer sign in. Their account stays, and they can be activated again.",
    done: (name) => `${name} is inactive`,
  },
  delete: {
    button: "Delete",
    question: (name) => `Delete ${name}?`,
    explain: "They leave every administrators list and can no longer sign in. The audit trail keeps their actions. This cannot be undone here.",
    done: (name) => `${name} was deleted`,
  },
};

/** The actions the last-administrator rule holds back (the server refuses them with ERROR_050). */
const HELD_BACK: readonly StatusAction[] = ["deactivate", "delete"];

const mayTake = (abilities: AdministratorAbilities, action: StatusAction): boolean =>
  action === "activate" ? abilities.activate : action === "deactivate" ? abilities.deactivate : abilities.delete;

// The status buttons the viewer's permissions and the person's status allow
// (domain/shared/statuses/administrator-status.ts), each behind a confirmation that names them.
// The institution's last active administrator keeps their account: Deactivate and Delete stay
// visible but disabled, with the reason beside them. A deleted person's record is gone, so the list opens next.
export function AdministratorStatusActions({ administrator, abilities }: { readonly administrator: Administrator; readonly abilities: AdministratorAbilities }) {
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [, navigate] = useLocation();
  const reasonId = useId();
  const change = useAdministratorStatusChange(administrator);
  const remove = useDeleteAdministrator(administrator);
  const name = `${administrator.first_name} ${administrator.last_name}`;
  const actions = allowedStatusActions(administrator.status).filter(
    (action) => mayTake(abilities, action) && (action !== "activate" || activationOffered(administrator.status, administrator.invitation?.state)),
  );
  if (actions.length === 0) return null;
  const heldBack = (action: StatusAction) => administrator.last_active_administrator && HELD_BACK.includes(action);
  const anyHeldBack = actions.some(heldBack);

  const confirm = () => {
    if (asking === null) return;
    const text = ACTION_TEXT[asking];
    const fail = (error: unknown) => {
      setAsking(null);
      showToast({ title: `Could not ${text.button.toLowerCase()} ${name}`, description: failureMessage(error), variant: "destructive" });
    };
    if (asking === "delete") {
      // The promise, not mutate's callbacks: they are dropped if the page unmounts first.
      remove.mutateAsync().then(() => {
        confirmChange({ title: text.done(name) });
        navigate(hrefFor("admins", {}), { replace: true });
      }, fail);
      return;
    }
    change.mutate(asking, {
      onSuccess: () => {
        setAsking(null);
        confirmChange({ title: text.done(name) });
      },
      onError: fail,
    });
  };

  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === "activate" ? "secondary" : "destructive"}
          isDisabled={heldBack(action)}
          {...(heldBack(action) ? { "aria-describedby": reasonId } : {})}
          onPress={() => setAsking(action)}
        >
          {ACTION_TEXT[action].button}
        </Button>
      ))}
      {anyHeldBack ? (
        <p id={reasonId} className={styles.reason}>
          {LAST_ADMINISTRATOR_REASON}
        </p>
      ) : null}
      <ConfirmationDialog
        isOpen={asking !== null}
        title={asking === null ? "" : ACTION_TEXT[asking].question(name)}
        confirmLabel={asking === null ? "" : ACTION_TEXT[asking].button}
        destructive={asking !== "activate"}
        isPending={change.isPending || remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking === null ? null : <p>{ACTION_TEXT[asking].explain}</p>}
      </ConfirmationDialog>
    </div>
  );
}
