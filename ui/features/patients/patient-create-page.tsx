import { useCallback } from "react";
import { useLocation } from "wouter";
import { patientAbilitiesOf } from "../../../domain/patients/patient-abilities.ts";
import type { PatientSave } from "../../../domain/patients/patient-form-state.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { PatientForm } from "./patient-form.tsx";
import { useCreatePatient } from "./use-patients.ts";
import * as styles from "./patients.css.ts";

// /create/patient: the patient form on its own; a saved patient's record opens next.
export function PatientCreatePage({ user }: { readonly user: CurrentUser }) {
  const [, navigate] = useLocation();
  const create = useCreatePatient();
  const abilities = patientAbilitiesOf(user);
  const { mutateAsync } = create;
  const save = useCallback(
    async (save: PatientSave) => {
      if (save.kind !== "create") return;
      const patient = await mutateAsync(save.body);
      showToast({ title: "Patient added", description: `${patient.first_name} ${patient.last_name} is pending until they first sign in to the exercise app.` });
      navigate(hrefFor("patient-detail", { id: patient.id }));
    },
    [mutateAsync, navigate],
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>New patient</h1>
      <p className={styles.lead}>Fields marked with an asterisk are required.</p>
      <PatientForm
        record={null}
        chooseSlp={abilities.chooseSlp}
        submitLabel="Add patient"
        onSave={save}
        isSaving={create.isPending}
        onCancel={() => navigate(hrefFor("patients", {}))}
      />
    </div>
  );
}
