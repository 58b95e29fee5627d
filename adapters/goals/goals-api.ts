import { goalCreateEndpoint, goalEditEndpoint, patientGoalsEndpoint } from "../../domain/goals/goals-endpoints.ts";
import type { GoalCreateBody, GoalListWire, GoalPatchBody, GoalWire } from "../../domain/goals/goals-wire.ts";
import type { GoalId } from "../../domain/goals/goals-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// A patient's goals (issue 37, docs/goals.md), declared beside its one (HTTP) implementation.

/** Every call rejects with an ApiFailure (a stale edit is a 412). */
export type GoalsApi = {
  readonly listGoals: (patientId: PatientId, signal?: AbortSignal) => Promise<GoalListWire>;
  readonly createGoal: (patientId: PatientId, body: GoalCreateBody) => Promise<GoalWire>;
  readonly editGoal: (goalId: GoalId, body: GoalPatchBody) => Promise<GoalWire>;
};

export const createGoalsApi = (client: ApiClient): GoalsApi => ({
  listGoals: (id, signal) => client.call(patientGoalsEndpoint, { params: { id }, signal }),
  createGoal: (id, body) => client.call(goalCreateEndpoint, { params: { id }, body }),
  editGoal: (id, body) => client.call(goalEditEndpoint, { params: { id }, body }),
});

/** The goals calls on the given client, made once per client. */
export const goalsApiOf = perClient(createGoalsApi);
