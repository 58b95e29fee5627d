import type { AdministratorAbilities } from "../../../domain/administrators/administrator-abilities.ts";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { LAST_ADMINISTRATOR_REASON } from "../../../domain/administrators/last-administrator.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { allowedStatusActions } from "../../../domain/shared/statuses/administrator-status.ts";
import { activationOffered } from "../../../domain/shared/statuses/first-activation.ts";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { type StatusActionText, StatusActions } from "../../people/status-actions.tsx";
import { useAdministratorStatusChange, useDeleteAdministrator } from "./use-administrators.ts";

const ACTION_TEXT: Readonly<Record<StatusAction, StatusActionText>> = {
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
  const change = useAdministratorStatusChange(administrator);
  const remove = useDeleteAdministrator(administrator);
  const actions = allowedStatusActions(administrator.status).filter(
    (action) => mayTake(abilities, action) && (action !== "activate" || activationOffered(administrator.status, administrator.invitation?.state)),
  );
  return (
    <StatusActions
      name={`${administrator.first_name} ${administrator.last_name}`}
      actions={actions}
      text={ACTION_TEXT}
      {...(administrator.last_active_administrator ? { heldBack: { actions: HELD_BACK, reason: LAST_ADMINISTRATOR_REASON } } : {})}
      change={(action) => change.mutateAsync(action)}
      remove={() => remove.mutateAsync()}
      pending={change.isPending || remove.isPending}
      afterDelete={hrefFor("admins", {})}
    />
  );
}
