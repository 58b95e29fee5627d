import type { FastifyInstance } from "fastify";
import { UserPathParams } from "../../../domain/shared/wire/user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import { replyWithCurrentUser } from "./current-user.ts";
import { failures } from "../../http/failures.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";

const decodeParams = decodeRequest(UserPathParams, "params");

/** Someone else's record: 403 whether or not the id exists, so ids cannot be probed. */
const notYours = () => apiFailure(403, "ERROR_001", "a user record is readable only by its owner");

/**
 * GET users/{id}/ and GET users/me/: any signed-in user reads their own record, with the
 * permissions map of their role. Another id answers 403 (and is audited), never the record.
 */
export const registerUserRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {

  app.get("/api/users/me/", { config: { access: { signedIn: true }, doc: { summary: "The signed-in person's own user record, with their role's permissions", scope: "caller", errors: {}, response: CurrentUser } } }, async (request, reply) => {
    const principal = request.principal;
    if (principal === undefined) return replyWithFailure(reply, failures.notAuthenticated());
    return replyWithCurrentUser(deps.db, reply, principal.userId);
  });

  app.get("/api/users/:id/", { config: { decodes: [decodeParams], access: { signedIn: true }, doc: { summary: "A user record by id: only one's own (another id is 403 whether or not it exists)", scope: "own-record", errors: { 403: ["ERROR_001"] }, response: CurrentUser } } }, async (request, reply) => {
    const principal = request.principal;
    if (principal === undefined) return replyWithFailure(reply, failures.notAuthenticated());
    const params = decodeParams(request.params);
    if (!params.ok) return replyWithFailure(reply, params.failure);
    if (params.value.id !== principal.userId) {
      await recordAudit(deps.db, {
        occurredAt: deps.clock.now(),
        userId: principal.userId,
        institutionId: principal.institutionId,
        ip: request.ip,
        action: "read",
        resource: "user",
        resourceId: String(params.value.id),
        outcome: "denied",
        requestId: request.id,
        reason: "not_own_record",
      });
      return replyWithFailure(reply, notYours());
    }
    return replyWithCurrentUser(deps.db, reply, principal.userId);
  });
};
