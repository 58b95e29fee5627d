import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { administratorsApiOf } from "../../../adapters/administrators/index.ts";
import type { AdministratorChanges } from "../../../adapters/administrators/index.ts";
import { institutionsApiOf } from "../../../adapters/institutions/index.ts";
import type {
  Administrator,
  AdministratorCreateBody,
  AdministratorListQuery,
  AdministratorListResponse,
} from "../../../domain/administrators/administrators-wire.ts";
import type { Institution, InstitutionListResponse } from "../../../domain/institutions/index.ts";
import type { AdministratorId, InstitutionId } from "../../../domain/shared/ids.ts";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";
import { administratorsKeys } from "./administrators-keys.ts";

export const useAdministratorsApi = () => administratorsApiOf(useServices().adapters.client);

/** One page of an institution's administrators (spec section 9: fresh 60 s, one retry); the previous page stays while the next loads. */
export function useAdministratorList(query: AdministratorListQuery, enabled = true): UseQueryResult<AdministratorListResponse> {
  const api = useAdministratorsApi();
  return useQuery({
    queryKey: administratorsKeys.list(query),
    queryFn: ({ signal }) => api.listAdministrators(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    ...queryOptionsOf(CACHE_POLICY.adminList),
  });
}

/** One administrator's record, fresh for 60 s (spec section 9). */
export function useAdministrator(id: AdministratorId): UseQueryResult<Administrator> {
  const api = useAdministratorsApi();
  return useQuery({
    queryKey: administratorsKeys.detail(id),
    queryFn: ({ signal }) => api.getAdministrator(id, signal),
    ...queryOptionsOf(CACHE_POLICY.adminDetail),
  });
}

/** The institution a new administrator joins, for its name and allowed domains (spec section 9: fresh 60 s). */
export function useInstitutionOf(id: InstitutionId | null, enabled = true): UseQueryResult<Institution> {
  const api = institutionsApiOf(useServices().adapters.client);
  return useQuery({
    queryKey: administratorsKeys.institution(id ?? 0),
    queryFn: id === null || !enabled ? skipToken : ({ signal }) => api.getInstitution(id, signal),
    ...queryOptionsOf(CACHE_POLICY.institutionDetail),
  });
}

const INSTITUTION_OPTIONS_PAGE_SIZE = 20;

/** Institutions whose names match what the super administrator typed, for the administrators page's picker. */
export function useInstitutionOptions(search: string, enabled = true): UseQueryResult<InstitutionListResponse> {
  const api = institutionsApiOf(useServices().adapters.client);
  const text = search.trim();
  return useQuery({
    queryKey: administratorsKeys.institutionOptions(text),
    queryFn: ({ signal }) => api.listInstitutions({ page: 1, page_size: INSTITUTION_OPTIONS_PAGE_SIZE, ...(text === "" ? {} : { search: text }) }, signal),
    enabled,
    placeholderData: keepPreviousData,
    ...queryOptionsOf(CACHE_POLICY.institutionList),
  });
}

/** After a write the record is the server's answer, and every administrators list is refetched (a status or a name changed). */
const useRecordWrite = <Input>(write: (input: Input) => Promise<Administrator>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (administrator) => {
      client.setQueryData(administratorsKeys.detail(administrator.id), administrator);
      await client.invalidateQueries({ queryKey: administratorsKeys.lists });
      // The institutions list shows each institution's administrators' initials.
      await client.invalidateQueries({ queryKey: ["institutions", "list"] });
    },
  });
};

export function useCreateAdministrator() {
  const api = useAdministratorsApi();
  return useRecordWrite((body: AdministratorCreateBody) => api.createAdministrator(body));
}

/** An edit names the version the form was filled from. */
export function useUpdateAdministrator(id: AdministratorId) {
  const api = useAdministratorsApi();
  return useRecordWrite(({ changes, version }: { readonly changes: AdministratorChanges; readonly version: number }) => api.updateAdministrator(id, changes, version));
}

/** Activate or deactivate the administrator as the viewer saw them (their version). */
export function useAdministratorStatusChange(administrator: Pick<Administrator, "id" | "version">) {
  const api = useAdministratorsApi();
  return useRecordWrite((action: Exclude<StatusAction, "delete">) =>
    action === "activate"
      ? api.activateAdministrator(administrator.id, administrator.version)
      : api.deactivateAdministrator(administrator.id, administrator.version),
  );
}

/** The invitation's two calls; the answer is the record with its new invitation. */
export function useInvitationCalls(id: AdministratorId) {
  const api = useAdministratorsApi();
  const resend = useRecordWrite(() => api.resendInvitation(id));
  const revoke = useRecordWrite(() => api.revokeInvitation(id));
  return { resend: () => resend.mutateAsync(undefined), revoke: () => revoke.mutateAsync(undefined) };
}

export function useDeleteAdministrator(administrator: Pick<Administrator, "id" | "version">) {
  const api = useAdministratorsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteAdministrator(administrator.id, administrator.version),
    // The record stays cached until its page is left (a removed query would refetch a 404 under
    // the closing dialog); opened again later it is fetched anew and says the person is gone.
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: administratorsKeys.detail(administrator.id), refetchType: "none" });
      await client.invalidateQueries({ queryKey: administratorsKeys.lists });
      await client.invalidateQueries({ queryKey: ["institutions", "list"] });
    },
  });
}
