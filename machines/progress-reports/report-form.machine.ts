import { checkSignable, type ProgressReportWire, type ReportDrafted, type ReportSlpFields } from "../../domain/progress-reports/index.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The SLP's part of a progress report (issue 37, docs/progress-reports.md) on the shared create-form
// machine: "Save draft" sends the fields as typed; "Sign" first checks what the server checks
// (plan, credentials, NPI where asked) so the first missing field is marked before anything is
// sent, and a refusal naming a field lands under it. The form stays open on the answer.

export type ReportFormField = "assessment" | "plan" | "goal_changes" | "credentials" | "npi";
export type ReportFormDraft = ReportSlpFields;
/** Save the draft's fields, or save them and sign. */
export type ReportFormValue = { readonly intent: "save" | "sign"; readonly fields: ReportFormDraft };
/** What the form was opened on: the report as read, and who would sign it. */
export type ReportFormBasis = { readonly report: ProgressReportWire; readonly signerName: string };

const FIELDS: readonly ReportFormField[] = ["assessment", "plan", "goal_changes", "credentials", "npi"];
const FIELD_OF: Readonly<Record<string, ReportFormField>> = Object.fromEntries(FIELDS.map((field) => [field, field]));
const isFormField = (field: string | undefined): field is ReportFormField => field !== undefined && (FIELDS as readonly string[]).includes(field);

/** The fields a report's draft starts from. */
export const reportFormDraftOf = (report: ProgressReportWire): ReportFormDraft => ({ ...report.fields });

/**
 * Signing's own check with what the browser knows: the goals are the drafted ones (the server also
 * knows goals written since, and names them), the signer is the signed-in person. A missing element
 * that is not a field of the form (the period, a goal) is left to the server's answer, an alert.
 */
export const checkReportForSigning = (drafted: ReportDrafted, draft: ReportFormDraft, basis: ReportFormBasis) => {
  const checked = checkSignable(drafted, draft, { goalIds: drafted.goals.map((goal) => goal.goal), signerName: basis.signerName, npiRequired: basis.report.npi_required });
  if (checked.ok || !isFormField(checked.field)) return { ok: true as const, value: { intent: "sign" as const, fields: draft } };
  return { ok: false as const, errors: { [checked.field]: checked.message } as Partial<Record<ReportFormField, string>> };
};

/** The form of one signer (the signed-in person's name: it stays theirs as the form refills from each answer). */
export const createReportFormMachine = (signerName: string) =>
  createCreateFormMachine<ReportFormDraft, ReportFormValue, ReportFormField, ProgressReportWire, ReportFormBasis>({
    id: "reportForm",
    check: (draft, _now, basis) => checkReportForSigning(basis.report.drafted, draft, basis),
    fieldOfFailure: fieldOfRefusal(FIELD_OF),
    refill: (report) => ({ draft: reportFormDraftOf(report), basis: { report, signerName } }),
  });

export type ReportFormMachine = ReturnType<typeof createReportFormMachine>;
