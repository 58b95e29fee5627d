import type { FastifyInstance } from "fastify";
import { currentUserEndpoint, userRecordEndpoint } from "../../../domain/account/account-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { replyWithCurrentUser } from "./current-user.ts";
import { type ScopeDecision, noScope } from "../../http/open-route.ts";

/** Someone else's record: 403 whether or not the id exists, so ids cannot be probed. */
const notYours = () => apiFailure(403, "ERROR_001", "a user record is readable only by its owner");

/**
 * GET users/{id}/ and GET users/me/: any signed-in user reads their own record, with the
 * permissions map of their role. Another id answers 403 (and is audited), never the record.
 */
export const registerUserRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  routeEndpoint(app, deps, currentUserEndpoint, { access: { signedIn: true }, scope: noScope, doc: { summary: "The signed-in person's own user record, with their role's permissions", scope: "caller", errors: {}, etag: true } }, async ({ principal }, _request, reply) =>
    replyWithCurrentUser(deps.db, reply, principal.userId),
  );

  // Another id answers 403 whether or not it exists (so ids cannot be probed), and is audited.
  routeEndpoint(
    app,
    deps,
    userRecordEndpoint,
    {
      access: { signedIn: true },
      audit: { action: "read", resource: "user" },
      scope: (principal, { params }): ScopeDecision<null> =>
        params.id === principal.userId ? { ok: true, scope: null } : { ok: false, failure: notYours(), reason: "not_own_record", resourceId: String(params.id) },
      doc: { summary: "A user record by id: only one's own (another id is 403 whether or not it exists)", scope: "own-record", errors: { 403: ["ERROR_001"] }, etag: true },
    },
    async ({ principal }, _request, reply) => replyWithCurrentUser(deps.db, reply, principal.userId),
  );
};
