import type { FastifyInstance } from "fastify";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { registerAccountMfaRoutes } from "./account-mfa-routes.ts";
import { registerAccountPasswordRoute } from "./account-password-route.ts";
import { registerProfileRoute } from "./profile-route.ts";

/** Settings > Profile and Settings > Security for the signed-in person: PATCH users/me/ and the calls below it. */
export const registerAccountRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  registerProfileRoute(app, deps);
  registerAccountPasswordRoute(app, deps);
  registerAccountMfaRoutes(app, deps);
};
