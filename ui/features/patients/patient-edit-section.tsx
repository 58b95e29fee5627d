import { useActorRef, useSelector } from "@xstate/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { waitFor } from "xstate";
import { patientConflict, patientValueText } from "../../../domain/patients/patient-conflict.ts";
import type { PatientDraft, PatientSave } from "../../../domain/patients/patient-form-state.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { isRecordSaveBusy } from "../../../machines/shared/record-edit.machine.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { ConflictPanel, conflictText } from "../../forms/conflict-panel.tsx";
import { PatientForm } from "./patient-form.tsx";
import { patientEditLogicFor } from "./patients-machines.ts";
import { patientsKeys } from "./patients-keys.ts";
import { usePatientsApi, useUpdatePatient } from "./use-patients.ts";
import * as styles from "./patients.css.ts";

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

type Props = {
  readonly patient: Patient;
  readonly chooseSlp: boolean;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

// Editing a patient in place through the patient-edit machine (docs/patients.md, "Concurrent
// edits"): a save names the version the form was filled from; if someone else changed the patient
// meanwhile, the conflict panel shows what changed above the form, which keeps everything typed
// until the person chooses. "Show their version" fills a fresh form from the stored record.
export function PatientEditSection({ patient, chooseSlp, onSaved, onCancel }: Props) {
  const api = usePatientsApi();
  const client = useQueryClient();
  const update = useUpdatePatient(patient.id);
  const { mutateAsync } = update;
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
  const actor = useActorRef(logic, { input: { record: patient } });
  const started = useSelector(actor, (snapshot) => snapshot.context.started);
  const inConflict = useSelector(actor, (snapshot) => snapshot.matches("conflict"));
  const busy = useSelector(actor, isRecordSaveBusy);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const mine = useSelector(actor, (snapshot) => snapshot.context.mine?.draft ?? null);
  const done = useSelector(actor, (snapshot) => snapshot.status === "done");
  // Only "Show their version" starts a fresh form; saving theirs again keeps the one typed in.
  const [formKey, setFormKey] = useState(0);
  const showTheirs = () => {
    actor.send({ type: "conflict.reload" });
    setFormKey((key) => key + 1);
  };

  // Confirmed here, toast and polite announcement in one; the page only closes the form.
  useEffect(() => {
    if (!done) return;
    confirmChange({ title: "Patient saved" });
    onSaved();
  }, [done, onSaved]);

  // The form's promise settles with the machine: refused for a reason of its own, the form shows it;
  // a conflict is the panel's to show, so the form just waits with the draft.
  const save = useCallback(
    async (save: PatientSave, draft: PatientDraft) => {
      if (save.kind !== "update") return;
      actor.send({ type: "edit.save", draft: { body: save.body, draft } });
      const settled = await waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot), { timeout: Number.POSITIVE_INFINITY });
      if (settled.matches("editing") && settled.context.failure !== null) throw settled.context.failure;
    },
    [actor],
  );

  // After a choice the panel is gone and focus goes back to the form's first field.
  const form = useRef<HTMLDivElement>(null);
  const wasInConflict = useRef(false);
  useEffect(() => {
    if (inConflict) wasInConflict.current = true;
    else if (wasInConflict.current) {
      wasInConflict.current = false;
      form.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
    }
  }, [inConflict]);

  const rows =
    inConflict && current !== null && mine !== null
      ? patientConflict(started, current, mine).map((change) => ({
          field: change.field,
          label: FIELD_LABEL[change.field],
          theirs: conflictText(patientValueText(change.theirs)),
          mine: conflictText(patientValueText(change.mine)),
        }))
      : null;

  return (
    <div ref={form} className={styles.section}>
      {rows === null ? null : (
        <ConflictPanel rows={rows} onShowTheirs={showTheirs} onSaveMine={() => actor.send({ type: "conflict.reapply" })} isSaving={busy} />
      )}
      <PatientForm key={formKey} record={started} chooseSlp={chooseSlp} submitLabel="Save changes" onSave={save} isSaving={busy} onCancel={onCancel} />
    </div>
  );
}
