import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { withDeviceRoutes } from "./device-auth.ts";
import { registerDeviceRoutes } from "./device-routes.ts";
import { registerSessionUploadRoute } from "./session-upload-route.ts";

/** The mobile feature's routes: pairing devices from the patient's record, and the app's session upload (device routes only). */
export const registerMobileRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  registerDeviceRoutes(app, deps);
  withDeviceRoutes(app, deps, (scoped) => registerSessionUploadRoute(scoped, deps));
};
