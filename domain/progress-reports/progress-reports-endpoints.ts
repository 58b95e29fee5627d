import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import {
  ProgressReportListWire,
  ProgressReportParams,
  ProgressReportWire,
  ReportAddendumBody,
  ReportDraftBody,
  ReportFieldsBody,
  ReportSignBody,
  ReportsDueWire,
} from "./report-wire.ts";
import { ReportSettingsBody, ReportSettingsParams, ReportSettingsWire } from "./report-settings.ts";

// The progress reports calls (issue 37, docs/progress-reports.md), declared once for the server and the adapter.

/** GET patients/{id}/progress-reports/: the patient's reports, newest first, and when the next is due. */
export const patientReportsEndpoint = endpoint({ method: "GET", path: "/api/patients/:id/progress-reports/", params: PatientPathParams, answer: ProgressReportListWire });

/** POST patients/{id}/progress-reports/: a new draft for a period (default: from the last report's end to today). */
export const reportDraftEndpoint = endpoint({ method: "POST", path: "/api/patients/:id/progress-reports/", params: PatientPathParams, body: ReportDraftBody, answer: ProgressReportWire });

/** GET progress-reports/{id}/: one report with its addenda. */
export const reportReadEndpoint = endpoint({ method: "GET", path: "/api/progress-reports/:id/", params: ProgressReportParams, answer: ProgressReportWire });

/** PATCH progress-reports/{id}/: the SLP's fields of a draft; a stale version is refused (412), a signed report too. */
export const reportFieldsEndpoint = endpoint({ method: "PATCH", path: "/api/progress-reports/:id/", params: ProgressReportParams, body: ReportFieldsBody, answer: ProgressReportWire });

/** POST progress-reports/{id}/sign/: locks the report and stores its SHA-256; refused with the first missing field named. */
export const reportSignEndpoint = endpoint({ method: "POST", path: "/api/progress-reports/:id/sign/", params: ProgressReportParams, body: ReportSignBody, answer: ProgressReportWire });

/** POST progress-reports/{id}/addenda/: a signed correction of a signed report, never an edit. */
export const reportAddendumEndpoint = endpoint({ method: "POST", path: "/api/progress-reports/:id/addenda/", params: ProgressReportParams, body: ReportAddendumBody, answer: ProgressReportWire });

/** GET dashboard/progress-reports-due/: the caller's caseload patients with a report due within 3 days or overdue. */
export const reportsDueEndpoint = endpoint({ method: "GET", path: "/api/dashboard/progress-reports-due/", answer: ReportsDueWire });

/** GET institutions/{id}/progress-report-settings/: the institution's report rule (the default when never set). */
export const reportSettingsEndpoint = endpoint({ method: "GET", path: "/api/institutions/:id/progress-report-settings/", params: ReportSettingsParams, answer: ReportSettingsWire });

/** PUT institutions/{id}/progress-report-settings/: the whole rule; the last write wins. */
export const reportSettingsSaveEndpoint = endpoint({ method: "PUT", path: "/api/institutions/:id/progress-report-settings/", params: ReportSettingsParams, body: ReportSettingsBody, answer: ReportSettingsWire });
