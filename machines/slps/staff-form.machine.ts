import { contactMessagesAsTyped, savesNothing, withPersonChange } from "../../domain/shared/person-form.ts";
import {
  checkStaffForm,
  type StaffDraft,
  staffFieldOfServerField,
  type StaffFormBasis,
  type StaffFormFieldName,
  type StaffSave,
} from "../../domain/slps/staff-form.ts";
import { phoneNumbersOf, type PhoneTools } from "../../domain/shared/validators/phone-rule.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusalBy } from "../shared/form-refusal.ts";

// The SLP form of /create/staff (the invitation) and of Edit in place, on the shared create-form
// machine, opened on the record it edits and the institution's allowed domains: the domain's one
// check, then the page's save (POST staff/, or the edit section's save on the record-edit
// machine). A picked place narrows the ones under it and the postal code is checked as typed; an
// edit that changes nothing sends nothing; a refusal naming a field (ERROR_022, ERROR_031,
// `contact_info.*`) goes under it.

/** The SLP form; its basis is the record an edit changes (null: a new SLP) and the allowed e-mail domains. */
export const staffFormMachine = createCreateFormMachine<StaffDraft, StaffSave, StaffFormFieldName, unknown, StaffFormBasis, PhoneTools>({
  id: "staffForm",
  check: (draft, _now, basis, tools) => checkStaffForm(draft, basis, phoneNumbersOf(tools)),
  fieldOfFailure: fieldOfRefusalBy(staffFieldOfServerField),
  edit: withPersonChange,
  asTyped: contactMessagesAsTyped,
  unchanged: savesNothing,
});

export type StaffFormMachine = typeof staffFormMachine;
