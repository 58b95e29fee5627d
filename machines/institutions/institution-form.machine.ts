import {
  checkInstitutionForm,
  institutionChangeSettles,
  type InstitutionDraft,
  institutionFieldOfServerField,
  type InstitutionFormField,
  type InstitutionFormValue,
} from "../../domain/institutions/institution-form.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusalBy } from "../shared/form-refusal.ts";

// The institution form on the shared create-form machine, creating an institution (POST
// institutions/) or sending an edit (the edit section's save, on the record-edit machine): the
// domain's one check before any call; a refusal naming a field goes under it, a domain's on the row
// it was typed in; any change to the domains settles every domain's message (a repeat is two rows').

/** The institution form; `withBillingSettings` (the edit form) also checks and sends the time zone and supply kind. */
export const createInstitutionFormMachine = ({ withBillingSettings }: { readonly withBillingSettings: boolean }) =>
  createCreateFormMachine<InstitutionDraft, InstitutionFormValue, InstitutionFormField>({
    id: "institutionForm",
    check: (draft) => checkInstitutionForm(draft, { withBillingSettings }),
    fieldOfFailure: fieldOfRefusalBy(institutionFieldOfServerField),
    settles: institutionChangeSettles,
  });

export type InstitutionFormMachine = ReturnType<typeof createInstitutionFormMachine>;
