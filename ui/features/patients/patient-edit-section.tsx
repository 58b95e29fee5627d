import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type PatientEdit, patientConflict, patientValueText } from "../../../domain/patients/patient-conflict.ts";
import type { PatientDraft, PatientSave } from "../../../domain/patients/patient-form-state.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { RecordEditSection } from "../../people/record-edit-section.tsx";
import { PatientForm } from "./patient-form.tsx";
import { patientEditLogicFor } from "./patients-machines.ts";
import { patientsKeys } from "./patients-keys.ts";
import { usePatientsApi, useUpdatePatient } from "./use-patients.ts";

/** The form's field labels, for the conflict table. */
const FIELD_LABEL: Readonly<Record<keyof PatientDraft, string>> = {
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  birthdate: "Date of birth",
  gender: "Assigned birth gender",
  phone: "Phone number",
  address_1: "Address line 1",
  address_2: "Address line 2",
  zip_code: "Postal code",
  country: "Country",
  state: "State or province",
  city: "City",
  staff: "Assigned SLP",
};

// Only an update is the machine's to send; the form as typed goes with it, for the conflict table.
const editOf = (save: PatientSave, draft: PatientDraft): PatientEdit | null => (save.kind === "update" ? { body: save.body, draft } : null);
const changesOf = (started: Patient, current: Patient, mine: PatientEdit) => patientConflict(started, current, mine.draft);
const valueText = (_field: keyof PatientDraft, value: PatientDraft[keyof PatientDraft]) => patientValueText(value);

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
        load: async ({ record }) => {
          const current = await api.getPatient(record.id);
          client.setQueryData(patientsKeys.detail(current.id), current);
          return current;
        },
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
