import {
  type ProgressReportListWire,
  type ProgressReportId,
  type ProgressReportWire,
  type ReportAddendumBody,
  type ReportFieldsBody,
  type ReportSettingsBody,
  type ReportSettingsWire,
  type ReportsDueWire,
  patientReportsEndpoint,
  reportAddendumEndpoint,
  reportDraftEndpoint,
  reportFieldsEndpoint,
  reportReadEndpoint,
  reportSettingsEndpoint,
  reportSettingsSaveEndpoint,
  reportSignEndpoint,
  reportsDueEndpoint,
} from "../../domain/progress-reports/index.ts";
import type { InstitutionId, PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// A patient's progress reports (issue 37, docs/progress-reports.md), beside their one (HTTP) implementation.

/** Every call rejects with an ApiFailure (a stale edit is a 412, an incomplete signing names its field). */
export type ProgressReportsApi = {
  readonly listReports: (patientId: PatientId, signal?: AbortSignal) => Promise<ProgressReportListWire>;
  readonly draftReport: (patientId: PatientId) => Promise<ProgressReportWire>;
  readonly readReport: (reportId: ProgressReportId, signal?: AbortSignal) => Promise<ProgressReportWire>;
  readonly saveFields: (reportId: ProgressReportId, body: ReportFieldsBody) => Promise<ProgressReportWire>;
  readonly signReport: (reportId: ProgressReportId, version: number) => Promise<ProgressReportWire>;
  readonly addAddendum: (reportId: ProgressReportId, body: ReportAddendumBody) => Promise<ProgressReportWire>;
  readonly reportsDue: (signal?: AbortSignal) => Promise<ReportsDueWire>;
  /** The institution's report rule (its own administrators only). */
  readonly readSettings: (institutionId: InstitutionId, signal?: AbortSignal) => Promise<ReportSettingsWire>;
  readonly saveSettings: (institutionId: InstitutionId, body: ReportSettingsBody) => Promise<ReportSettingsWire>;
};

export const createProgressReportsApi = (client: ApiClient): ProgressReportsApi => ({
  listReports: (id, signal) => client.call(patientReportsEndpoint, { params: { id }, signal }),
  draftReport: (id) => client.call(reportDraftEndpoint, { params: { id }, body: {} }),
  readReport: (id, signal) => client.call(reportReadEndpoint, { params: { id }, signal }),
  saveFields: (id, body) => client.call(reportFieldsEndpoint, { params: { id }, body }),
  signReport: (id, version) => client.call(reportSignEndpoint, { params: { id }, body: { version } }),
  addAddendum: (id, body) => client.call(reportAddendumEndpoint, { params: { id }, body }),
  reportsDue: (signal) => client.call(reportsDueEndpoint, { signal }),
  readSettings: (id, signal) => client.call(reportSettingsEndpoint, { params: { id }, signal }),
  saveSettings: (id, body) => client.call(reportSettingsSaveEndpoint, { params: { id }, body }),
});

/** The progress reports calls on the given client, made once per client. */
export const progressReportsApiOf = perClient(createProgressReportsApi);
