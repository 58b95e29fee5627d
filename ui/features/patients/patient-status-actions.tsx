import { type PatientAbilities, offeredStatusActions } from "../../../domain/patients/patient-abilities.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { type StatusActionText, StatusActions } from "../../people/status-actions.tsx";
import { useDeletePatient, usePatientStatusChange } from "./use-patients.ts";

const ACTION_TEXT: Readonly<Record<StatusAction, StatusActionText>> = {
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

// The status buttons the viewer's role and the patient's status allow (the shared StatusActions of
// ui/people), each behind a confirmation that names the patient. A deleted patient's record is
// gone, so the list opens next.
export function PatientStatusActions({ patient, abilities }: { readonly patient: Patient; readonly abilities: PatientAbilities }) {
  const change = usePatientStatusChange(patient);
  const remove = useDeletePatient(patient.id);
  return (
    <StatusActions
      name={`${patient.first_name} ${patient.last_name}`}
      actions={offeredStatusActions(abilities, patient.status)}
      text={ACTION_TEXT}
      change={(action) => change.mutateAsync(action)}
      remove={() => remove.mutateAsync()}
      pending={change.isPending || remove.isPending}
      afterDelete={hrefFor("patients", {})}
    />
  );
}
