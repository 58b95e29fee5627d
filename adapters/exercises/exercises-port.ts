import type { GameSummary, PatientGameLevel } from "../../domain/exercises/index.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The port the exercise lists and filters depend on; exercises-api.ts is its HTTP implementation.

/** The exercise calls; each rejects with an ApiFailure. */
export type ExercisesApi = {
  /** The game catalogue (GET games/). */
  readonly listGames: (signal?: AbortSignal) => Promise<readonly GameSummary[]>;
  /** The games a patient is assigned, each at one difficulty (GET patients/{id}/game-levels/). */
  readonly listPatientGameLevels: (patientId: PatientId, signal?: AbortSignal) => Promise<readonly PatientGameLevel[]>;
};
