import type { Patient } from "../../domain/patients/index.ts";
import { type PatientEdit, patientEditOnCurrent } from "../../domain/patients/patient-conflict.ts";
import { createRecordEditMachine, type LoadRecordInput, type SaveRecordInput } from "../shared/record-edit.machine.ts";

/** What `saveRecord` is given: PATCH patients/{record.id}/ with the edit's body, If-Match `record.version`. */
export type SavePatientInput = SaveRecordInput<Patient, PatientEdit>;
/** What `loadRecord` is given: GET patients/{record.id}/. */
export type LoadPatientInput = LoadRecordInput<Patient>;

/**
 * Editing a patient's record (spec section 4, docs/patients.md "Concurrent edits"): a save sends
 * the fields the person changed, naming the version the form was filled from. Refused because
 * someone else changed the patient meanwhile, it becomes a conflict: the stored record is read,
 * what the person typed stays, and they choose to see the stored record or to save theirs again.
 */
export const patientEditMachine = createRecordEditMachine<Patient, PatientEdit>({ id: "patientEdit", rebase: patientEditOnCurrent });
