import type { FastifyInstance } from "fastify";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { registerLoginWebRoute } from "./login-web.ts";
import { registerMfaSetupRoutes } from "./mfa-routes.ts";
import { registerPasswordRoutes } from "./password-routes.ts";
import { registerSessionRoutes } from "./session-routes.ts";
import { registerVerifyRoute } from "./verify-route.ts";

/** The Authentication calls of spec section 7, plus reset_password (docs/api.md, docs/security.md). */
export const registerAuthRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  registerLoginWebRoute(app, deps);
  registerPasswordRoutes(app, deps);
  registerMfaSetupRoutes(app, deps);
  registerVerifyRoute(app, deps);
  registerSessionRoutes(app, deps);
};
