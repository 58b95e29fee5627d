import { ownAccountScope } from "../../auth/own-account-scope.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { authTrail } from "../../http/open-route.ts";

/**
 * Who a sign-in step after the password admits (create_mfa, qr, re_send, verify): the
 * pre-authentication token's own account is its scope; its events go to the auth trail, each
 * naming its action, so the opening audits nothing by itself (an invalid body is answered only).
 */
export const signInStep = (deps: Pick<AuthRouteDeps, "db">) =>
  ({ access: { preAuth: true }, caller: "pre-auth", audit: authTrail(), scope: ownAccountScope(deps.db, "pre-auth") }) as const;
