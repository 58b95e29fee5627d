import { changedFields, type FieldChange, type SameValue } from "../shared/record-conflict.ts";
import { draftOf, type PatientDraft } from "./patient-form-state.ts";
import type { Patient } from "./patients-wire.ts";

/** One field of the patient form the person edited: as they opened it, as stored now, as they typed it. */
export type PatientFieldChange = FieldChange<PatientDraft, keyof PatientDraft & string>;

// Picked places and the assigned SLP are the same choice when they name the same record.
const idOf = (value: unknown): unknown => (typeof value === "object" && value !== null && "id" in value ? value.id : value);
const samePatientValue: SameValue = (a, b) => idOf(a) === idOf(b);

/**
 * What someone else's edit means for the person's: every field of the form they edited, with the
 * value they opened, the one stored now and their own (places and SLPs compared by what they name).
 */
export const patientConflict = (started: Patient, current: Patient, draft: PatientDraft): readonly PatientFieldChange[] =>
  changedFields(draftOf(started), draftOf(current), draft, samePatientValue);

/** A form value in words: text as typed, a place or an SLP by name, nothing as "". */
export const patientValueText = (value: PatientDraft[keyof PatientDraft]): string => {
  if (value === null) return "";
  return typeof value === "string" ? value : value.name;
};
