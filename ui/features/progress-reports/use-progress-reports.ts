import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { progressReportsApiOf } from "../../../adapters/progress-reports/index.ts";
import type { ProgressReportId, ProgressReportListWire, ProgressReportWire, ReportSettingsWire, ReportsDueWire } from "../../../domain/progress-reports/index.ts";
import type { InstitutionId, PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { useServices } from "../../services/services-context.tsx";

/** Under the patient's record, so whatever refreshes the record refreshes its reports too. */
export const reportsKey = (id: PatientId) => [...patientRecordKey(id), "progress-reports"] as const;
const reportKey = (patient: PatientId, report: ProgressReportId) => [...reportsKey(patient), report] as const;

export const useReportsApi = () => progressReportsApiOf(useServices().adapters.client);

/** The patient's reports and when the next is due (sessions and time arrive any time: read again on each opening). */
export function usePatientReports(id: PatientId): UseQueryResult<ProgressReportListWire> {
  const api = useReportsApi();
  return useQuery({ queryKey: reportsKey(id), queryFn: ({ signal }) => api.listReports(id, signal), ...queryOptionsOf(CACHE_POLICY.patientDetail), refetchOnMount: "always" });
}

export function useProgressReport(patient: PatientId, report: ProgressReportId | null): UseQueryResult<ProgressReportWire> {
  const api = useReportsApi();
  return useQuery({
    queryKey: report === null ? [...reportsKey(patient), "none"] : reportKey(patient, report),
    queryFn: ({ signal }) => (report === null ? Promise.reject(new Error("no report opened")) : api.readReport(report, signal)),
    enabled: report !== null,
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
  });
}

/** Every write puts the answer in the report's cache and reads the list again. */
export function useReportAnswer(patient: PatientId) {
  const queryClient = useQueryClient();
  return (report: ProgressReportWire): ProgressReportWire => {
    queryClient.setQueryData(reportKey(patient, report.id), report);
    void queryClient.invalidateQueries({ queryKey: reportsKey(patient), exact: true });
    return report;
  };
}

export function useDraftReport(patient: PatientId) {
  const api = useReportsApi();
  const answer = useReportAnswer(patient);
  return useMutation({ mutationFn: () => api.draftReport(patient).then(answer) });
}

/** The reports due within 3 days or overdue in the caller's caseload (the dashboard). */
export function useReportsDue(): UseQueryResult<ReportsDueWire> {
  const api = useReportsApi();
  return useQuery({ queryKey: ["progress-reports-due"], queryFn: ({ signal }) => api.reportsDue(signal), ...queryOptionsOf(CACHE_POLICY.patientDetail) });
}

export const reportSettingsKey = (institution: InstitutionId) => ["progress-report-settings", institution] as const;

/** The institution's report rule (its own administrators only). */
export function useReportSettings(institution: InstitutionId): UseQueryResult<ReportSettingsWire> {
  const api = useReportsApi();
  return useQuery({ queryKey: reportSettingsKey(institution), queryFn: ({ signal }) => api.readSettings(institution, signal), ...queryOptionsOf(CACHE_POLICY.patientDetail) });
}
