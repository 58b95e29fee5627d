import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { slpsApiOf } from "../../../adapters/slps/slps-api.ts";
import type { StaffCreateBody, StaffListItem, StaffListResponse, StaffMember, StaffPatchBody } from "../../../domain/slps/index.ts";
import type { StaffId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";
import { slpsKeys } from "./slps-keys.ts";

export const useSlpsApi = () => slpsApiOf(useServices().adapters.client);

/** One page of the SLPs list (spec section 9: fresh 1 min, 1 retry); the previous page stays on screen while the next loads. */
export function useStaffList(page: number, search: string, cursor?: string): UseQueryResult<StaffListResponse> {
  const api = useSlpsApi();
  return useQuery({
    queryKey: slpsKeys.list(page, search, cursor),
    queryFn: ({ signal }) => api.listStaff({ page, search, cursor }, signal),
    placeholderData: keepPreviousData,
    ...queryOptionsOf(CACHE_POLICY.staffList),
  });
}

/** One SLP's record. */
export function useStaffMember(id: StaffId): UseQueryResult<StaffMember> {
  const api = useSlpsApi();
  return useQuery({ queryKey: slpsKeys.detail(id), queryFn: ({ signal }) => api.getStaff(id, signal) });
}

/** The active SLPs who could take over this SLP's patients; read only while the question is asked. */
export function useSuccessors(id: StaffId, enabled: boolean): UseQueryResult<readonly StaffListItem[]> {
  const api = useSlpsApi();
  return useQuery({ queryKey: slpsKeys.successors(id), queryFn: ({ signal }) => api.listActiveSuccessors(id, signal), enabled, staleTime: 0 });
}

/** After a write the record is the server's answer, and every staff list is refetched (its rows may have changed). */
const useRecordWrite = <Input>(write: (input: Input) => Promise<StaffMember>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (member) => {
      client.setQueryData(slpsKeys.detail(member.id), member);
      await client.invalidateQueries({ queryKey: ["staff", "list"] });
      await client.invalidateQueries({ queryKey: ["staff", "options"] });
    },
  });
};

export function useCreateStaff() {
  const api = useSlpsApi();
  return useRecordWrite((body: StaffCreateBody) => api.createStaff(body));
}

/** An edit names the version the form was filled from, so an SLP changed meanwhile is refused (412), not overwritten. */
export function useUpdateStaff(id: StaffId) {
  const api = useSlpsApi();
  return useRecordWrite(({ body, version }: { readonly body: StaffPatchBody; readonly version: number }) => api.updateStaff(id, body, version));
}

/** Activate the SLP, or deactivate them handing their patients to `reassignTo`, as the viewer saw them (their version). */
export function useStaffStatusChange(member: Pick<StaffMember, "id" | "version">) {
  const api = useSlpsApi();
  const write = useRecordWrite(({ action, reassignTo }: { readonly action: "activate" | "deactivate"; readonly reassignTo: StaffId | null }) =>
    action === "activate" ? api.activateStaff(member.id, member.version) : api.deactivateStaff(member.id, member.version, reassignTo),
  );
  return write;
}

/** Delete the SLP (their patients go to `reassignTo`); the record stays cached until its page is left. */
export function useDeleteStaff(member: Pick<StaffMember, "id" | "version">) {
  const api = useSlpsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reassignTo: StaffId | null) => api.deleteStaff(member.id, member.version, reassignTo),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: slpsKeys.detail(member.id), refetchType: "none" });
      await client.invalidateQueries({ queryKey: ["staff", "list"] });
      await client.invalidateQueries({ queryKey: ["staff", "options"] });
      // Their patients now show another SLP.
      await client.invalidateQueries({ queryKey: ["patients"] });
    },
  });
}

/** Send a new invitation link, or withdraw the open one; the record comes back with its new invitation. */
export function useInvitationCalls(id: StaffId) {
  const api = useSlpsApi();
  const client = useQueryClient();
  const settle = async (member: StaffMember) => {
    client.setQueryData(slpsKeys.detail(member.id), member);
    await client.invalidateQueries({ queryKey: ["staff", "list"] });
  };
  return {
    resend: () => api.resendInvitation(id).then(settle),
    revoke: () => api.revokeInvitation(id).then(settle),
  };
}
