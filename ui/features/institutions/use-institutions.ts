import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { institutionsApiOf, type InstitutionFields } from "../../../adapters/institutions/index.ts";
import type { GameSummary } from "../../../domain/exercises/index.ts";
import type { Institution, InstitutionListQuery, InstitutionListResponse } from "../../../domain/institutions/index.ts";
import type { GameId, InstitutionId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";
import { institutionsKeys } from "./institutions-keys.ts";

export const useInstitutionsApi = () => institutionsApiOf(useServices().adapters.client);

/** One page of the institutions list (spec section 9: never stale; a write refreshes it); the previous page stays while the next loads. */
export function useInstitutionList(query: InstitutionListQuery): UseQueryResult<InstitutionListResponse> {
  const api = useInstitutionsApi();
  return useQuery({
    queryKey: institutionsKeys.list(query),
    queryFn: ({ signal }) => api.listInstitutions(query, signal),
    placeholderData: keepPreviousData,
    ...queryOptionsOf(CACHE_POLICY.institutionList),
  });
}

/** One institution, fresh for 60 s (spec section 9). */
export function useInstitution(id: InstitutionId): UseQueryResult<Institution> {
  const api = useInstitutionsApi();
  return useQuery({
    queryKey: institutionsKeys.detail(id),
    queryFn: ({ signal }) => api.getInstitution(id, signal),
    ...queryOptionsOf(CACHE_POLICY.institutionDetail),
  });
}

/** The game catalogue an institution's offered games are chosen from. */
export function useGameCatalogue(enabled = true): UseQueryResult<readonly GameSummary[]> {
  const api = useInstitutionsApi();
  return useQuery({ queryKey: institutionsKeys.catalogue, queryFn: ({ signal }) => api.listGameCatalogue(signal), enabled });
}

/** Asks what offering only these games would stop (issue 31); read at save time, never cached. */
export function usePreviewAssignGames(id: InstitutionId) {
  const api = useInstitutionsApi();
  return useMutation({ mutationFn: (games: readonly GameId[]) => api.previewAssignGames(id, games) });
}

/** After a write the record is the server's answer, and every institutions list is refetched. */
const useRecordWrite = <Input>(write: (input: Input) => Promise<Institution>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (institution) => {
      client.setQueryData(institutionsKeys.detail(institution.id), institution);
      await client.invalidateQueries({ queryKey: institutionsKeys.lists });
    },
  });
};

export function useCreateInstitution() {
  const api = useInstitutionsApi();
  return useRecordWrite((fields: InstitutionFields) => api.createInstitution(fields));
}

/** An edit names the version the form was filled from, so an institution changed meanwhile is refused (412), not overwritten. */
export function useUpdateInstitution(id: InstitutionId) {
  const api = useInstitutionsApi();
  return useRecordWrite(({ fields, version }: { readonly fields: InstitutionFields; readonly version: number }) => api.updateInstitution(id, fields, version));
}

/**
 * Sets the games the institution offers, with the confirmed count of patients whose exercises it
 * stops when it stops any; its record and the exercises pages' list of its games are read again.
 */
export function useAssignGames(id: InstitutionId) {
  const api = useInstitutionsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ games, confirmStopAssignments }: { readonly games: readonly GameId[]; readonly confirmStopAssignments?: number }) =>
      api.assignGames(id, games, confirmStopAssignments),
    onSuccess: async (offered) => {
      client.setQueryData<Institution>(institutionsKeys.detail(id), (current) => (current === undefined ? current : { ...current, games: offered }));
      await client.invalidateQueries({ queryKey: institutionsKeys.detail(id) });
      await client.invalidateQueries({ queryKey: institutionsKeys.offeredGames(id) });
    },
  });
}
