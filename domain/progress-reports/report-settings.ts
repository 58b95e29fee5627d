import * as Schema from "effect/Schema";
import { InstitutionId } from "../shared/ids.ts";
import { type Result, fail, succeed } from "../shared/result.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { DEFAULT_DUE_RULE, DUE_RULE_KINDS, type DueRuleKind, MAX_DUE_EVERY } from "./report-due.ts";

// An institution's progress-report rule (issue 37, docs/progress-reports.md, "Settings"): reports
// fall due every N calendar days or every N treatment days (N from 1 to 365), and whether the
// signer's NPI is required. One check for the settings form and the server.

export const ReportSettingsParams = Schema.Struct({ id: idFromUrl(InstitutionId) });

/** GET/PUT institutions/{id}/progress-report-settings/: the rule as stored (the default when never set: `updated_at` null). */
export const ReportSettingsWire = Schema.Struct({
  institution: InstitutionId,
  due_kind: Schema.Literals(DUE_RULE_KINDS),
  due_every: Schema.Int,
  npi_required: Schema.Boolean,
  updated_at: Schema.NullOr(IsoDateTime),
});
export type ReportSettingsWire = typeof ReportSettingsWire.Type;

/** The whole rule (the last write wins: the settings carry no version). N is checked by `checkReportSettings`, so its refusal names the field. */
export const ReportSettingsBody = Schema.Struct({ due_kind: Schema.Literals(DUE_RULE_KINDS), due_every: Schema.Number, npi_required: Schema.Boolean });
export type ReportSettingsBody = typeof ReportSettingsBody.Type;

/** The form's fields as typed: N as text. */
export type ReportSettingsDraft = { readonly due_kind: DueRuleKind; readonly due_every: string; readonly npi_required: boolean };
export type ReportSettingsField = "due_kind" | "due_every" | "npi_required";

export const DUE_EVERY_MESSAGE = `Enter a whole number of days from 1 to ${MAX_DUE_EVERY}`;
export const DUE_KIND_NAMES: Readonly<Record<DueRuleKind, string>> = { calendar_days: "Every N calendar days", treatment_days: "Every N treatment days" };

export const DEFAULT_REPORT_SETTINGS: ReportSettingsBody = { due_kind: DEFAULT_DUE_RULE.kind, due_every: DEFAULT_DUE_RULE.every, npi_required: false };

/** Whether N is a whole number of days from 1 to 365 (ERROR_056 on `due_every` otherwise). */
export const checkDueEvery = (every: number): Result<number> =>
  Number.isInteger(every) && every >= 1 && every <= MAX_DUE_EVERY ? succeed(every) : fail("ERROR_056", DUE_EVERY_MESSAGE, { field: "due_every" });

/** The rule to store from what is typed: N read as a whole number (digits only), then checked. */
export const checkReportSettings = (draft: ReportSettingsDraft): Result<ReportSettingsBody> => {
  const text = draft.due_every.trim();
  const every = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  const checked = checkDueEvery(every);
  return checked.ok ? succeed({ due_kind: draft.due_kind, due_every: checked.value, npi_required: draft.npi_required }) : checked;
};

/** The form's fields from the stored rule. */
export const reportSettingsDraftOf = (settings: Pick<ReportSettingsWire, "due_kind" | "due_every" | "npi_required">): ReportSettingsDraft => ({
  due_kind: settings.due_kind,
  due_every: String(settings.due_every),
  npi_required: settings.npi_required,
});
