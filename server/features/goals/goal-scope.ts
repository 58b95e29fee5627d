import { type SQL, and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { goals } from "../../db/schema/goals.ts";
import { patients } from "../../db/schema/patients.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import { type OnePatient, sliceCondition, sliceOf } from "../../http/patient-scope.ts";
import type { Principal } from "../../http/principal.ts";

/** A goal outside the caller's slice does not exist for them: the same answer as an unknown id. */
export const goalNotFound = (): ApiFailure => apiFailure(404, "ERROR_030", "goal not found in the caller's slice", { placeholders: { field_name: "goal" } });

/** The patient's slice with the goal the route names. */
export type GoalScope = OnePatient & { readonly goalId: number };

/**
 * goals/{id}/: the caseload rule of the goal's patient (server/http/patient-scope.ts): an SLP
 * reaches the goals of the patients assigned to them, an administrator those of the institution's
 * live patients; anything else is 404 ERROR_030, like an unknown goal, so ids cannot be probed.
 */
export const goalScope = async (db: Database, principal: Principal, goalId: number): Promise<ScopeDecision<GoalScope>> => {
  const resourceId = String(goalId);
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return { ...slice, resourceId };
  const [row] = await db
    .select({ patientId: patients.id })
    .from(goals)
    .innerJoin(patients, and(eq(patients.id, goals.patientId), eq(patients.institutionId, goals.institutionId), sliceCondition(slice.scope)) as SQL)
    .where(eq(goals.id, goalId))
    .limit(1);
  if (row === undefined) return { ok: false, failure: goalNotFound(), reason: "outside_scope", resourceId };
  return { ok: true, scope: { ...slice.scope, patientId: row.patientId, goalId }, resourceId };
};
