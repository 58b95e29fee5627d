import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { type AddressQuery, auditApiOf } from "../../../adapters/audit/index.ts";
import type { AuditAlerts } from "../../../domain/audit/audit-alerts.ts";
import type { AuditPeople, AuditPeopleQuery } from "../../../domain/audit/audit-people-wire.ts";
import type { AuditEventsPage, AuditReviewBody, AuditReviews, PatientAccessReport, PersonActivityReport } from "../../../domain/audit/audit-wire.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { saveFile } from "../../kit/save-file.ts";
import { useServices } from "../../services/services-context.tsx";

/** The audit viewer's cache keys: every read of the log is asked anew on each visit (each is itself audited). */
export const auditKeys = {
  events: (query: AddressQuery) => ["audit", "events", query] as const,
  patientAccess: (query: AddressQuery) => ["audit", "patient-access", query] as const,
  personActivity: (query: AddressQuery) => ["audit", "person-activity", query] as const,
  reviews: ["audit", "reviews"] as const,
  alerts: (query: AddressQuery) => ["audit", "alerts", query] as const,
  people: (query: AuditPeopleQuery) => ["audit", "people", query] as const,
};

export const useAuditApi = () => auditApiOf(useServices().adapters.client);

const FRESH = { ...queryOptionsOf(CACHE_POLICY.sessionDetail), refetchOnMount: "always" as const };

/** One page of the log; the shown page stays while the next loads. */
export function useAuditEvents(query: AddressQuery): UseQueryResult<AuditEventsPage> {
  const api = useAuditApi();
  return useQuery({ queryKey: auditKeys.events(query), queryFn: ({ signal }) => api.listEvents(query, signal), placeholderData: keepPreviousData, ...FRESH });
}

/** "Who accessed this patient", when a patient and a period are named. */
export function usePatientAccess(query: AddressQuery | null): UseQueryResult<PatientAccessReport> {
  const api = useAuditApi();
  return useQuery({ queryKey: auditKeys.patientAccess(query ?? {}), queryFn: ({ signal }) => api.patientAccess(query ?? {}, signal), enabled: query !== null, ...FRESH });
}

/** "What this person did", when a person and a period are named. */
export function usePersonActivity(query: AddressQuery | null): UseQueryResult<PersonActivityReport> {
  const api = useAuditApi();
  return useQuery({ queryKey: auditKeys.personActivity(query ?? {}), queryFn: ({ signal }) => api.personActivity(query ?? {}, signal), enabled: query !== null, ...FRESH });
}

/** The latest review sign-offs (the first is the last review). */
export function useAuditReviews(enabled = true): UseQueryResult<AuditReviews> {
  const api = useAuditApi();
  return useQuery({ queryKey: auditKeys.reviews, queryFn: ({ signal }) => api.listReviews(signal), enabled, ...queryOptionsOf(CACHE_POLICY.adminDetail) });
}

/** Signs off a reviewed period; the list of sign-offs (and the dashboard's last review) read again. */
export function useSignOff() {
  const api = useAuditApi();
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: AuditReviewBody) => api.signOff(body), onSettled: () => client.invalidateQueries({ queryKey: auditKeys.reviews }) });
}

/** Fetches the filtered rows' CSV (with the caller's credentials) and hands it to the browser as a download. */
export function useExportEvents() {
  const api = useAuditApi();
  return useMutation({
    mutationFn: async (query: AddressQuery) => {
      const file = await api.exportEvents(query);
      saveFile(file.filename, new Blob([file.csv], { type: "text/csv;charset=utf-8" }));
      return file;
    },
  });
}

/** The saved alerts' counts over the period. */
export function useAuditAlerts(query: AddressQuery): UseQueryResult<AuditAlerts> {
  const api = useAuditApi();
  return useQuery({ queryKey: auditKeys.alerts(query), queryFn: ({ signal }) => api.alerts(query, signal), ...FRESH });
}

/** The people the person filter offers for what is typed (or the one an id names); the last answer stays while the next loads. */
export function useAuditPeople(query: AuditPeopleQuery, enabled: boolean): UseQueryResult<AuditPeople> {
  const api = useAuditApi();
  return useQuery({ queryKey: auditKeys.people(query), queryFn: ({ signal }) => api.people(query, signal), enabled, placeholderData: keepPreviousData, ...queryOptionsOf(CACHE_POLICY.staffList) });
}
