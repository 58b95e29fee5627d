import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { registerAttemptRoutes } from "./attempt-routes.ts";
import { registerNoteRoutes } from "./note-routes.ts";
import { registerSessionRoutes } from "./session-routes.ts";

/** Every session-review route (docs/session-review-api.md). */
export const registerSessionReviewRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  registerSessionRoutes(app, deps);
  registerAttemptRoutes(app, deps);
  registerNoteRoutes(app, deps);
};
