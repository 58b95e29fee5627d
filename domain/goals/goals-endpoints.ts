import { endpoint } from "../shared/wire/endpoint.ts";
import { GoalCreateBody, GoalListWire, GoalParams, GoalPatchBody, GoalWire, PatientGoalsParams } from "./goals-wire.ts";

// The goals calls (docs/goals.md, "API"), declared once for the server's routes and the adapter's calls.

/** GET patients/{id}/goals/: the patient's goals with their progress. */
export const patientGoalsEndpoint = endpoint({ method: "GET", path: "/api/patients/:id/goals/", params: PatientGoalsParams, answer: GoalListWire });

/** POST patients/{id}/goals/: a new goal; the server gives its label. */
export const goalCreateEndpoint = endpoint({ method: "POST", path: "/api/patients/:id/goals/", params: PatientGoalsParams, body: GoalCreateBody, answer: GoalWire });

/** PATCH goals/{id}/: an edited goal, or one closed as met or discontinued; a stale version is refused (412). */
export const goalEditEndpoint = endpoint({ method: "PATCH", path: "/api/goals/:id/", params: GoalParams, body: GoalPatchBody, answer: GoalWire });
