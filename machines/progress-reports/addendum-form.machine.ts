import { type AddendumDraft, type AddendumField, type AddendumValue, type ProgressReportWire, checkAddendum } from "../../domain/progress-reports/index.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// An addendum to a signed report (issue 37, docs/progress-reports.md) on the shared create-form
// machine: the domain's check (the text required, credentials defaulting to the report's signer's)
// before anything is sent, a refusal naming a field under that field. Once signed the form is done.

export type AddendumFormBasis = { readonly report: ProgressReportWire };

const FIELD_OF: Readonly<Record<string, AddendumField>> = { text: "text", credentials: "credentials" };

export const addendumFormMachine = createCreateFormMachine<AddendumDraft, AddendumValue, AddendumField, ProgressReportWire, AddendumFormBasis>({
  id: "addendumForm",
  check: (draft, _now, basis) => {
    const checked = checkAddendum(draft, basis.report.signer?.credentials ?? null);
    if (checked.ok) return checked;
    const field: AddendumField = checked.field === "credentials" ? "credentials" : "text";
    return { ok: false, errors: { [field]: checked.message } };
  },
  fieldOfFailure: fieldOfRefusal(FIELD_OF),
});

export type AddendumFormMachine = typeof addendumFormMachine;
