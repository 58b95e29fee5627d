import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { goalsApiOf } from "../../../adapters/goals/index.ts";
import type { GoalCreateBody, GoalListWire, GoalPatchBody } from "../../../domain/goals/goals-wire.ts";
import type { GoalId } from "../../../domain/goals/goals-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { useServices } from "../../services/services-context.tsx";

/** Under the patient's record, so whatever refreshes the record refreshes its goals too. */
export const goalsKey = (id: PatientId) => [...patientRecordKey(id), "goals"] as const;

const useGoalsApi = () => goalsApiOf(useServices().adapters.client);

/** The patient's goals with their progress, judged by the server on read (sessions and corrections arrive any time: read again on each opening). */
export function usePatientGoals(id: PatientId): UseQueryResult<GoalListWire> {
  const api = useGoalsApi();
  return useQuery({ queryKey: goalsKey(id), queryFn: ({ signal }) => api.listGoals(id, signal), ...queryOptionsOf(CACHE_POLICY.patientDetail), refetchOnMount: "always" });
}

/** Every write reads the goals again (a 412 too: the person sees the goal as it now is). */
function useRefreshGoals(id: PatientId) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: goalsKey(id) });
}

export function useCreateGoal(id: PatientId) {
  const api = useGoalsApi();
  const refresh = useRefreshGoals(id);
  return useMutation({ mutationFn: (body: GoalCreateBody) => api.createGoal(id, body), onSettled: refresh });
}

export function useEditGoal(id: PatientId) {
  const api = useGoalsApi();
  const refresh = useRefreshGoals(id);
  return useMutation({ mutationFn: ({ goalId, body }: { goalId: GoalId; body: GoalPatchBody }) => api.editGoal(goalId, body), onSettled: refresh });
}
