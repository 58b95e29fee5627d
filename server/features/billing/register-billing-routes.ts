import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { ReadSnapshot } from "../../db/snapshot-readers.ts";
import { registerCallRoutes } from "./call-routes.ts";
import { registerDataDaysRoute } from "./data-days-route.ts";
import { registerMonthCloseRoutes } from "./month-close-routes.ts";
import { registerMonitoringFlagRoute } from "./monitoring-flag-route.ts";
import { registerRtmListRoute } from "./rtm-list-route.ts";
import { registerTimeEntryHistoryRoute } from "./time-entry-history-route.ts";
import { registerTimeEntryRoutes } from "./time-entry-routes.ts";

/** Every billing (remote therapeutic monitoring, issue 24) route. */
export const registerBillingRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock; readonly readSnapshot: ReadSnapshot }): void => {
  registerDataDaysRoute(app, deps);
  registerTimeEntryRoutes(app, deps);
  registerTimeEntryHistoryRoute(app, deps);
  registerCallRoutes(app, deps);
  registerRtmListRoute(app, deps);
  registerMonthCloseRoutes(app, deps);
  registerMonitoringFlagRoute(app, deps);
};
