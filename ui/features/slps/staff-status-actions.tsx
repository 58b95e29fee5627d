import { useId, useState } from "react";
import { useLocation } from "wouter";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { StaffId } from "../../../domain/shared/ids.ts";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { needsSuccessor } from "../../../domain/slps/caseload-handover.ts";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { activationOffered } from "../../../domain/shared/statuses/first-activation.ts";
import { offeredSlpStatusActions, type SlpAbilities } from "../../../domain/slps/slp-abilities.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { ModalDialog } from "../../kit/dialog.tsx";
import * as dialogStyles from "../../kit/dialog.css.ts";
import { SelectField } from "../../kit/select-field.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { useDeleteStaff, useStaffStatusChange, useSuccessors } from "./use-slps.ts";
import * as styles from "./slps.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import type { StatusActionText } from "../../people/status-actions.tsx";

const patientsWord = (count: number): string => countOf(count, NOUNS.patient);

const ACTION_TEXT: Readonly<Record<StatusAction, StatusActionText>> = {
  activate: {
    button: "Activate",
    question: (name) => `Activate ${name}?`,
    explain: "They can sign in to the portal and review their patients' sessions again.",
    done: (name) => `${name} is active`,
  },
  deactivate: {
    button: "Deactivate",
    question: (name) => `Deactivate ${name}?`,
    explain: "They can no longer sign in. Their record stays, and they can be activated again.",
    done: (name) => `${name} is inactive`,
  },
  delete: {
    button: "Delete",
    question: (name) => `Delete ${name}?`,
    explain: "They leave the SLPs list and can no longer sign in. The audit trail is kept. This cannot be undone here.",
    done: (name) => `${name} was deleted`,
  },
};

// The status buttons the viewer's role and the SLP's status allow, each behind a confirmation
// that names the SLP. Deactivating or deleting an SLP who still has patients first asks which
// active SLP of the institution takes them over (domain/slps/caseload-handover.ts); a deleted
// SLP's record is gone, so the list opens next.
export function StaffStatusActions({ member, abilities }: { readonly member: StaffMember; readonly abilities: SlpAbilities }) {
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const actions = offeredSlpStatusActions(abilities, member.status).filter((action) => action !== "activate" || activationOffered(member.status, member.invitation?.state));
  if (actions.length === 0) return null;
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <Button key={action} variant={action === "activate" ? "secondary" : "destructive"} onPress={() => setAsking(action)}>
          {ACTION_TEXT[action].button}
        </Button>
      ))}
      {asking === null ? null : <StatusDialog key={asking} member={member} action={asking} onClose={() => setAsking(null)} />}
    </div>
  );
}

function StatusDialog({ member, action, onClose }: { readonly member: StaffMember; readonly action: StatusAction; readonly onClose: () => void }) {
  const [, navigate] = useLocation();
  const change = useStaffStatusChange(member);
  const remove = useDeleteStaff(member);
  const name = `${member.first_name} ${member.last_name}`;
  const text = ACTION_TEXT[action];
  const patients = member.caseload.patients;
  const handover = needsSuccessor(action, patients);
  const successors = useSuccessors(member.id, handover);
  const [successor, setSuccessor] = useState<StaffId | null>(null);
  const [successorError, setSuccessorError] = useState<string | undefined>(undefined);
  const descriptionId = useId();
  const options = (successors.data ?? []).map((row) => ({ id: String(row.id), label: `${row.first_name} ${row.last_name}` }));
  const noSuccessor = handover && successors.isSuccess && options.length === 0;

  const fail = (error: unknown) => {
    // A refusal about the successor (gone, no longer active) is the select's to show; the dialog stays.
    if (isApiFailure(error) && error.field === "reassign_to") {
      setSuccessorError(error.message);
      void successors.refetch();
      return;
    }
    onClose();
    showToast({ title: `Could not ${text.button.toLowerCase()} ${name}`, description: failureMessage(error), variant: "destructive" });
  };

  const confirm = () => {
    if (handover && successor === null) {
      setSuccessorError(`Choose the SLP who takes over ${name}'s ${patientsWord(patients)}.`);
      return;
    }
    const reassignTo = handover ? successor : null;
    if (action === "delete") {
      // The promise, not mutate's callbacks: they are dropped if the page unmounts first.
      remove.mutateAsync(reassignTo).then(() => {
        confirmChange({ title: text.done(name) });
        navigate(hrefFor("staff", {}), { replace: true });
      }, fail);
      return;
    }
    change.mutateAsync({ action, reassignTo }).then(() => {
      onClose();
      confirmChange({ title: text.done(name) });
    }, fail);
  };

  const chosen = options.find((option) => option.id === String(successor))?.label;
  return (
    <ModalDialog isOpen onClose={onClose} title={text.question(name)} role="alertdialog" describedBy={descriptionId}>
      <div id={descriptionId} className={dialogStyles.text}>
        <p>{text.explain}</p>
        {handover ? (
          <p>
            {name} has {patientsWord(patients)} ({member.caseload.active_patients} active). Another active SLP of the institution must take them over; with no other active SLP this cannot be done.
          </p>
        ) : null}
      </div>
      {handover ? (
        <>
          <StatusMessage busy={successors.isPending}>{successors.isPending ? "Loading the active SLPs…" : ""}</StatusMessage>
          {successors.isError ? (
            <p role="alert">{failureMessage(successors.error)}</p>
          ) : noSuccessor ? (
            <p role="alert">
              There is no other active SLP in the institution, so {name} cannot be {action === "delete" ? "deleted" : "deactivated"} now. Activate or invite another SLP first.
            </p>
          ) : successors.isSuccess ? (
            <SelectField
              label={`Who takes over the ${patientsWord(patients)}`}
              options={options}
              value={successor === null ? null : String(successor)}
              onChange={(id) => {
                setSuccessor((successors.data ?? []).find((row) => String(row.id) === id)?.id ?? null);
                setSuccessorError(undefined);
              }}
              placeholder="Choose an active SLP"
              isRequired
              {...(successorError === undefined ? {} : { errorMessage: successorError, isInvalid: true })}
            />
          ) : null}
          {chosen === undefined ? null : <p className={styles.note}>{`${patientsWord(patients)} will move to ${chosen}.`}</p>}
        </>
      ) : null}
      <div className={dialogStyles.actions}>
        {noSuccessor || (handover && !successors.isSuccess) ? null : (
          <Button variant={action === "activate" ? "primary" : "destructive"} isPending={change.isPending || remove.isPending} onPress={confirm}>
            {text.button}
          </Button>
        )}
        <Button variant="secondary" autoFocus onPress={onClose}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
