import {
  checkPatientForm,
  type PatientDraft,
  patientFieldOfServerField,
  type PatientFormFieldName,
  type PatientSave,
} from "../../domain/patients/patient-form-state.ts";
import type { Patient } from "../../domain/patients/patients-wire.ts";
import { viewerDay } from "../../domain/shared/calendar/today.ts";
import { contactMessagesAsTyped, savesNothing, withPersonChange } from "../../domain/shared/person-form.ts";
import { phoneNumbersOf, type PhoneTools } from "../../domain/shared/validators/phone-rule.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusalBy } from "../shared/form-refusal.ts";

// The patient form of /create/patient and of Edit in place, on the shared create-form machine,
// opened on the record it edits (null: a new patient): the domain's one check on the viewer's
// today, then the page's save (POST patients/, or the edit section's save on the patient-edit
// machine). A picked place narrows the ones under it and the postal code is checked as typed; an
// edit that changes nothing sends nothing; a refusal naming a field (`contact_info.zip_code` too)
// goes under it.

/** The patient form; its basis is the record an edit changes, null for a new patient. */
export const patientFormMachine = createCreateFormMachine<PatientDraft, PatientSave, PatientFormFieldName, unknown, Patient | null, PhoneTools>({
  id: "patientForm",
  check: (draft, now, record, tools) => checkPatientForm(draft, viewerDay(now), record, phoneNumbersOf(tools)),
  fieldOfFailure: fieldOfRefusalBy(patientFieldOfServerField),
  edit: withPersonChange,
  asTyped: contactMessagesAsTyped,
  unchanged: savesNothing,
});

export type PatientFormMachine = typeof patientFormMachine;
