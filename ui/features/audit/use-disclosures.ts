import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { disclosureApiOf } from "../../../adapters/audit/index.ts";
import type { DisclosureBody } from "../../../domain/audit/disclosure-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";

/** A patient's accounting's cache key. */
export const accountingKey = (patient: number) => ["audit", "disclosures", patient] as const;

const useDisclosureApi = () => disclosureApiOf(useServices().adapters.client);

/** A patient's accounting of disclosures (asked anew on each visit: each read is audited). */
export function useAccounting(patient: PatientId) {
  const api = useDisclosureApi();
  return useQuery({ queryKey: accountingKey(patient), queryFn: ({ signal }) => api.accounting(patient, signal), ...queryOptionsOf(CACHE_POLICY.sessionDetail), refetchOnMount: "always" as const });
}

/** Records a disclosure; the patient's accounting reads again. */
export function useRecordDisclosure() {
  const api = useDisclosureApi();
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: DisclosureBody) => api.recordDisclosure(body), onSettled: (_written, _error, body) => client.invalidateQueries({ queryKey: accountingKey(body.patient) }) });
}
