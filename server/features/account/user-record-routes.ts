import type { FastifyInstance } from "fastify";
import { CurrentUser, UserPathParams } from "../../../domain/shared/wire/user.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import { replyWithCurrentUser } from "./current-user.ts";
import { type ScopeDecision, openRoute } from "../../http/open-route.ts";

const decodeParams = decodeRequest(UserPathParams, "params");

/** Someone else's record: 403 whether or not the id exists, so ids cannot be probed. */
const notYours = () => apiFailure(403, "ERROR_001", "a user record is readable only by its owner");

/**
 * GET users/{id}/ and GET users/me/: any signed-in user reads their own record, with the
 * permissions map of their role. Another id answers 403 (and is audited), never the record.
 */
export const registerUserRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  app.get("/api/users/me/", { config: { access: { signedIn: true }, doc: { summary: "The signed-in person's own user record, with their role's permissions", scope: "caller", errors: {}, response: CurrentUser, etag: true } } }, openRoute(deps, { scope: () => ({ ok: true, scope: null }) })(async ({ principal }, _request, reply) =>
    replyWithCurrentUser(deps.db, reply, principal.userId),
  ));

  // Another id answers 403 whether or not it exists (so ids cannot be probed), and is audited.
  const ownRecord = openRoute(deps, {
    audit: { action: "read", resource: "user" },
    decode: decodeParams,
    scope: (principal, params): ScopeDecision<null> =>
      params.id === principal.userId ? { ok: true, scope: null } : { ok: false, failure: notYours(), reason: "not_own_record", resourceId: String(params.id) },
  });
  app.get(
    "/api/users/:id/",
    { config: { decodes: [decodeParams], access: { signedIn: true }, doc: { summary: "A user record by id: only one's own (another id is 403 whether or not it exists)", scope: "own-record", errors: { 403: ["ERROR_001"] }, response: CurrentUser, etag: true } } },
    ownRecord(async ({ principal }, _request, reply) => replyWithCurrentUser(deps.db, reply, principal.userId)),
  );
};
