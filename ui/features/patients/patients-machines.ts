import { fromPromise } from "xstate";
import type { PatientsApi } from "../../../adapters/patients/patients-port.ts";
import type { Patient, PatientListResponse } from "../../../domain/patients/index.ts";
import type { PatientDraft, PatientSave } from "../../../domain/patients/patient-form-state.ts";
import { StaffId } from "../../../domain/shared/ids.ts";
import { type LoadPatientInput, patientEditMachine, type SavePatientInput } from "../../../machines/patients/patient-edit.machine.ts";
import { patientFormMachine } from "../../../machines/patients/patient-form.machine.ts";
import { staffPatientsMachine, type StaffPatientsPageRequest } from "../../../machines/patients/staff-patients.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The patients feature's machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); components take the provided logic and render its actor.

/** What a patient edit saves and reads with: the cached update mutation and a fresh read that refills the cache. */
export type PatientEditDependencies = {
  readonly save: (input: SavePatientInput) => Promise<Patient>;
  readonly load: (input: LoadPatientInput) => Promise<Patient>;
};

/** The patient-edit machine on the page's update mutation and the patients port. */
export const patientEditLogicFor = ({ save, load }: PatientEditDependencies) =>
  patientEditMachine.provide({
    actors: {
      saveRecord: fromPromise<Patient, SavePatientInput>(({ input }) => save(input)),
      loadRecord: fromPromise<Patient, LoadPatientInput>(({ input }) => load(input)),
    },
  });

/** The staff-patients machine loading its pages from the patients port (the call is cancelled with the actor). */
export const staffPatientsLogicFor = (api: Pick<PatientsApi, "listPatientsOfStaff">) =>
  staffPatientsMachine.provide({
    actors: {
      loadPage: fromPromise<PatientListResponse, StaffPatientsPageRequest>(({ input, signal }) =>
        api.listPatientsOfStaff(StaffId.make(input.staffId), { page: input.page, cursor: input.cursor }, signal),
      ),
    },
  });

/** What the patient form's `submitForm` is given: the save the check built, the draft it came from and the record it edits (null: a new patient). */
export type SubmitPatientFormInput = SubmitFormInput<PatientDraft, PatientSave, Patient | null>;

/** The patient form (create, or the edit section's form), submitting through `submit`: POST patients/, or the edit section's save. */
export const patientFormLogicFor = (submit: (input: SubmitPatientFormInput) => Promise<unknown>) =>
  patientFormMachine.provide({
    actors: { submitForm: fromPromise<unknown, SubmitPatientFormInput>(({ input }) => submit(input)) },
  });
