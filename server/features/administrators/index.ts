// The administrators feature's server side (docs/administration.md): the list, one record,
// inviting, editing, the status actions and the invitation's resend and withdrawal.
import type { FastifyInstance } from "fastify";
import { registerAdministratorInvitationRoutes } from "./administrator-invitation-routes.ts";
import { type AdministratorRouteDeps, registerAdministratorRecordRoutes } from "./administrator-routes.ts";
import { registerAdministratorStatusRoutes } from "./administrator-status-routes.ts";

/** Registers every administrators route. */
export const registerAdministratorRoutes = (app: FastifyInstance, deps: AdministratorRouteDeps): void => {
  registerAdministratorRecordRoutes(app, deps);
  registerAdministratorStatusRoutes(app, deps);
  registerAdministratorInvitationRoutes(app, deps);
};
