import { type ReportSettingsBody, type ReportSettingsDraft, type ReportSettingsField, type ReportSettingsWire, checkReportSettings, reportSettingsDraftOf } from "../../domain/progress-reports/index.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// An institution's progress-report rule (issue 37, docs/progress-reports.md, "Settings") on the
// shared create-form machine: the domain's check of N (1..365) before anything is sent, a refusal
// naming a field under it, and the form staying open on the saved rule.

const FIELD_OF: Readonly<Record<string, ReportSettingsField>> = { due_kind: "due_kind", due_every: "due_every", npi_required: "npi_required" };

export const reportSettingsFormMachine = createCreateFormMachine<ReportSettingsDraft, ReportSettingsBody, ReportSettingsField, ReportSettingsWire>({
  id: "reportSettingsForm",
  check: (draft) => {
    const checked = checkReportSettings(draft);
    return checked.ok ? checked : { ok: false, errors: { due_every: checked.message } };
  },
  fieldOfFailure: fieldOfRefusal(FIELD_OF),
  refill: (saved) => ({ draft: reportSettingsDraftOf(saved), basis: undefined }),
});

export type ReportSettingsFormMachine = typeof reportSettingsFormMachine;
