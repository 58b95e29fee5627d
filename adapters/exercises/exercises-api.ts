import { gamesEndpoint, patientGameLevelsEndpoint } from "../../domain/exercises/exercises-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { ExercisesApi } from "./exercises-port.ts";

/** Exercise calls on the given client (Bearer). */
export const createExercisesApi = (client: ApiClient): ExercisesApi => ({
  listGames: (signal) => client.call(gamesEndpoint, { signal }),
  listPatientGameLevels: (patientId, signal) => client.call(patientGameLevelsEndpoint, { params: { id: patientId }, signal }),
});

/** The exercise calls of the app's client, made once, from the lazy signed-in pages. */
export const exercisesApiOf = perClient(createExercisesApi);
