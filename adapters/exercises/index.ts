// What other features may use of the exercises adapters.
export type { ExercisesApi } from "./exercises-port.ts";
export { createExercisesApi, exercisesApiOf } from "./exercises-api.ts";
