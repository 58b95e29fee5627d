import { changedFields, type FieldChange, type SameValue } from "../shared/record-conflict.ts";
import { draftOf, type PatientDraft } from "./patient-form-state.ts";
import type { Patient, PatientPatchBody } from "./patients-wire.ts";

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

/** A save of the patient form: the fields the person changed (what goes to the server) and the form as they typed it. */
export type PatientEdit = { readonly body: PatientPatchBody; readonly draft: PatientDraft };

/**
 * The person's edit carried onto the record someone else stored meanwhile: it goes again as it
 * was, because its body holds only the fields the person changed, so every other field keeps the
 * stored value.
 */
export const patientEditOnCurrent = (_started: Patient, _current: Patient, edit: PatientEdit): PatientEdit => edit;
