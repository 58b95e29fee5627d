// The progress reports feature's server side (docs/progress-reports.md): drafts from the goals'
// engine, signing with a SHA-256 of the locked content, addenda, and the reports due.
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { registerReportRoutes } from "./report-routes.ts";
import { registerReportSettingsRoutes } from "./report-settings-routes.ts";
import { registerReportSignRoutes } from "./report-sign-routes.ts";
import { registerReportsDueRoute } from "./reports-due-route.ts";

export const registerProgressReportRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  registerReportRoutes(app, deps);
  registerReportSignRoutes(app, deps);
  registerReportsDueRoute(app, deps);
  registerReportSettingsRoutes(app, deps);
};
