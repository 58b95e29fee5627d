// The exercises feature's server side: the game catalogue, a patient's assigned games, an
// institution's games, exercise templates and assigning games to patients (docs/exercises-api.md).
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { registerAssignmentRoute } from "./assignment-route.ts";
import { registerGameRoutes } from "./games-routes.ts";
import { registerInstitutionGameRoutes } from "./institution-games-routes.ts";
import { registerTemplateRoutes } from "./template-routes.ts";

export { registerGameRoutes };

/** Every exercises route beside the catalogue: institution games, templates, assignment. */
export const registerExerciseRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  registerInstitutionGameRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerAssignmentRoute(app, deps);
};
