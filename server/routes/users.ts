import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { permissionsForRole } from "../../domain/permissions/permissions-for-role.ts";
import { type CurrentUser, UserPathParams } from "../../domain/wire/user.ts";
import { confirmedMethods, findAccount, maskedPhone } from "../auth/accounts.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { institutions } from "../db/schema/institutions.ts";
import { apiFailure, replyWithFailure } from "../http/api-failure.ts";
import { decodeRequest } from "../http/decode-request.ts";
import { failures } from "../http/failures.ts";

const decodeParams = decodeRequest(UserPathParams, "params");

/** Someone else's record: 403 whether or not the id exists, so ids cannot be probed. */
const notYours = () => apiFailure(403, "ERROR_001", "a user record is readable only by its owner");

/** The signed-in person's own record (spec section 3, current user). */
const currentUser = async (db: Database, userId: number): Promise<typeof CurrentUser.Encoded | undefined> => {
  const account = await findAccount(db, userId);
  if (account === undefined) return undefined;
  const [institution] =
    account.institutionId === null
      ? []
      : await db.select({ id: institutions.id, name: institutions.name }).from(institutions).where(eq(institutions.id, account.institutionId)).limit(1);
  return {
    id: account.id,
    email: account.email,
    first_name: account.firstName,
    last_name: account.lastName,
    role: { id: account.roleId, title: account.roleTitle, code_name: account.role },
    default_mfa_method: account.defaultMfaMethod,
    mfa_methods: await confirmedMethods(db, account.id),
    phone: maskedPhone(account.phone),
    permissions: permissionsForRole(account.role),
    institution: institution ?? null,
  };
};

/**
 * GET users/{id}/ and GET users/me/: any signed-in user reads their own record, with the
 * permissions map of their role. Another id answers 403 (and is audited), never the record.
 */
export const registerUserRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  const answerOwn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    const user = await currentUser(deps.db, userId);
    return user === undefined ? replyWithFailure(reply, failures.notFound("user")) : user;
  };

  app.get("/api/users/me/", { config: { access: { signedIn: true } } }, async (request, reply) => {
    const principal = request.principal;
    if (principal === undefined) return replyWithFailure(reply, failures.notAuthenticated());
    return answerOwn(request, reply, principal.userId);
  });

  app.get("/api/users/:id/", { config: { access: { signedIn: true } } }, async (request, reply) => {
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
    return answerOwn(request, reply, principal.userId);
  });
};
