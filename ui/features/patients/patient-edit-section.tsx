import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { patientConflict, patientValueText } from "../../../domain/patients/patient-conflict.ts";
import type { PatientDraft, PatientSave } from "../../../domain/patients/patient-form-state.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { anyField, onTypedForm, PERSON_FIELD_LABEL, personEditOf } from "../../people/person-edit.ts";
import { RecordEditSection } from "../../people/record-edit-section.tsx";
import { readStoredRecord } from "../../people/stored-record.ts";
import { PatientForm } from "./patient-form.tsx";
import { patientEditLogicFor } from "./patients-machines.ts";
import { patientsKeys } from "./patients-keys.ts";
import { usePatientsApi, useUpdatePatient } from "./use-patients.ts";

/** The form's field labels, for the conflict table: a person's, and the patient's own. */
const FIELD_LABEL: Readonly<Record<keyof PatientDraft, string>> = {
  ...PERSON_FIELD_LABEL,
  birthdate: "Date of birth",
  gender: "Assigned birth gender",
  staff: "Assigned SLP",
};

const editOf = personEditOf<PatientSave, PatientDraft>;
const changesOf = onTypedForm(patientConflict);
const valueText = anyField(patientValueText);

type Props = {
  readonly patient: Patient;
  readonly chooseSlp: boolean;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

// Editing a patient in place through the patient-edit machine (docs/patients.md, "Concurrent
// edits") and the shared edit section (ui/people/record-edit-section.tsx); the save is confirmed
// here, toast and polite announcement in one, and the page only closes the form.
export function PatientEditSection({ patient, chooseSlp, onSaved, onCancel }: Props) {
  const api = usePatientsApi();
  const client = useQueryClient();
  const { mutateAsync } = useUpdatePatient(patient.id);
  const logic = useMemo(
    () =>
      patientEditLogicFor({
        save: ({ draft, record }) => mutateAsync({ body: draft.body, version: record.version }),
        load: readStoredRecord(client, api.getPatient, patientsKeys.detail),
      }),
    [api, client, mutateAsync],
  );
  return (
    <RecordEditSection
      logic={logic}
      record={patient}
      draftOf={editOf}
      changesOf={changesOf}
      labels={FIELD_LABEL}
      valueText={valueText}
      onSaved={onSaved}
      savedTitle="Patient saved"
    >
      {({ record, save, isSaving }) => (
        <PatientForm record={record} chooseSlp={chooseSlp} submitLabel="Save changes" onSave={save} isSaving={isSaving} onCancel={onCancel} />
      )}
    </RecordEditSection>
  );
}
