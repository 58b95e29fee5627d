import { useState } from "react";
import { useLocation } from "wouter";
import { type PatientAbilities, offeredStatusActions } from "../../../domain/patients/patient-abilities.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { useDeletePatient, usePatientStatusChange } from "./use-patients.ts";
import * as styles from "./patients.css.ts";

const ACTION_TEXT: Readonly<Record<StatusAction, { button: string; question: (name: string) => string; explain: string; done: (name: string) => string }>> = {
  activate: {
    button: "Activate",
    question: (name) => `Activate ${name}?`,
    explain: "They can sign in to the exercise app and play their assigned exercises again.",
    done: (name) => `${name} is active`,
  },
  deactivate: {
    button: "Deactivate",
    question: (name) => `Deactivate ${name}?`,
    explain: "They can no longer sign in to the exercise app. Their sessions and records stay, and they can be activated again.",
    done: (name) => `${name} is inactive`,
  },
  delete: {
    button: "Delete",
    question: (name) => `Delete ${name}?`,
    explain: "They leave every patients list. Their past sessions and the audit trail are kept. This cannot be undone here.",
    done: (name) => `${name} was deleted`,
  },
};

// The status buttons the viewer's role and the patient's status allow, each behind a confirmation
// that names the patient. A deleted patient's record is gone, so the list opens next.
export function PatientStatusActions({ patient, abilities }: { readonly patient: Patient; readonly abilities: PatientAbilities }) {
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [, navigate] = useLocation();
  const change = usePatientStatusChange(patient);
  const remove = useDeletePatient(patient.id);
  const name = `${patient.first_name} ${patient.last_name}`;
  const actions = offeredStatusActions(abilities, patient.status);
  if (actions.length === 0) return null;

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
        navigate(hrefFor("patients", {}), { replace: true });
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
        <Button key={action} variant={action === "activate" ? "secondary" : "destructive"} onPress={() => setAsking(action)}>
          {ACTION_TEXT[action].button}
        </Button>
      ))}
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
