import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { communicationRatingsApiOf } from "../../../adapters/communication-ratings/index.ts";
import type { CommunicationRatingCreateBody, CommunicationRatingList } from "../../../domain/communication-ratings/rating-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { useServices } from "../../services/services-context.tsx";

/** Under the patient's record, so whatever refreshes the record refreshes its ratings too. */
export const ratingsKey = (id: PatientId) => [...patientRecordKey(id), "communication-ratings"] as const;

/** The patient's ratings, read again at each opening of the record (a colleague may have rated since). */
export function useCommunicationRatings(id: PatientId): UseQueryResult<CommunicationRatingList> {
  const api = communicationRatingsApiOf(useServices().adapters.client);
  return useQuery({
    queryKey: ratingsKey(id),
    queryFn: ({ signal }) => api.listRatings(id, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
    refetchOnMount: "always",
  });
}

/** A new rating (one occasion's levels); the list is read again whether it went through or not. */
export function useCreateRatings(id: PatientId) {
  const api = communicationRatingsApiOf(useServices().adapters.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommunicationRatingCreateBody) => api.createRatings(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratingsKey(id) }),
  });
}
