import type { FastifyInstance } from "fastify";
import { registerStaffInvitationRoutes } from "./staff-invitation-routes.ts";
import { registerStaffListRoute } from "./staff-list-route.ts";
import { registerStaffRecordRoutes } from "./staff-routes.ts";
import type { StaffRouteDeps } from "./staff-route-deps.ts";
import { registerStaffStatusRoutes } from "./staff-status-routes.ts";

/** Every staff route, for the institution and staff administrators of the SLPs' institution. */
export const registerStaffRoutes = (app: FastifyInstance, deps: StaffRouteDeps): void => {
  registerStaffListRoute(app, deps);
  registerStaffRecordRoutes(app, deps);
  registerStaffStatusRoutes(app, deps);
  registerStaffInvitationRoutes(app, deps);
};
