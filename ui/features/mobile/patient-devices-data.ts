import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { devicesApiOf } from "../../../adapters/mobile/index.ts";
import type { DeviceId, DeviceList } from "../../../domain/mobile/index.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { useServices } from "../../services/services-context.tsx";

const useDevicesApi = () => devicesApiOf(useServices().adapters.client);

/** Under the patient's record, so whatever refreshes the record refreshes its devices too. */
export const patientDevicesKey = (id: PatientId) => [...patientRecordKey(id), "devices"] as const;

/** The patient's devices, read again on each opening of the record; asked only by those the server lists them to. */
export function usePatientDevices(id: PatientId, enabled: boolean): UseQueryResult<DeviceList> {
  const api = useDevicesApi();
  return useQuery({
    queryKey: patientDevicesKey(id),
    queryFn: ({ signal }) => api.listDevices(id, signal),
    enabled,
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
    // "Last used" moves with the patient's app, never with anything done in the portal, so nothing
    // here would invalidate it: each opening of the record reads the short list again.
    refetchOnMount: "always",
  });
}

/**
 * Connecting a device. The answer holds the token, which must live nowhere but the panel that
 * shows it once: the mutation is forgotten as soon as nothing observes it (gcTime 0), and the
 * list is read anew rather than patched with the answer.
 */
export function useIssueDevice(id: PatientId) {
  const api = useDevicesApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => api.issueDevice(id, { label }),
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: patientDevicesKey(id) }),
  });
}

/** Revoking a device; settles once the list has been read again, so the row already says "Revoked" when the dialog closes. */
export function useRevokeDevice(id: PatientId) {
  const api = useDevicesApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: DeviceId) => api.revokeDevice(id, device),
    onSuccess: () => client.invalidateQueries({ queryKey: patientDevicesKey(id) }),
  });
}

/** After a refusal that names the patient's status, the record is read again so the page shows the status that refused it. */
export function useRefreshPatient(id: PatientId) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: patientRecordKey(id), exact: true });
}
