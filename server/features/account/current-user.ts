import type { FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { type AccountWithHash, confirmedMethods, findAccount, maskedPhone } from "../../auth/accounts.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { failures } from "../../http/failures.ts";
import type { Principal } from "../../http/principal.ts";
import type { Clock } from "../../clock.ts";
import type { RequestDecoder } from "../../http/decode-request.ts";
import { type ScopeDecision, openRoute } from "../../http/open-route.ts";

/** The signed-in person's own record (spec section 3, current user): what GET users/me/ and every account change answer. */
export const currentUserOf = async (db: Database, account: AccountWithHash): Promise<typeof CurrentUser.Encoded> => {
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

/** The record as it is now, after a change (re-read, so the answer shows what was stored). */
export const freshCurrentUser = async (db: Database, userId: number): Promise<typeof CurrentUser.Encoded | undefined> => {
  const account = await findAccount(db, userId);
  return account === undefined ? undefined : currentUserOf(db, account);
};

export type AccountCaller = { readonly principal: Principal; readonly account: AccountWithHash };

/** The signed-in caller and their account (with its password hash), or the 401 already answered. */
export const accountCaller = async (db: Database, request: FastifyRequest, reply: FastifyReply): Promise<AccountCaller | undefined> => {
  const principal = request.principal;
  const account = principal === undefined ? undefined : await findAccount(db, principal.userId);
  if (principal === undefined || account === undefined) {
    replyWithFailure(reply, failures.notAuthenticated());
    return undefined;
  }
  return { principal, account };
};

/** Answers the caller's updated record (200), or 404 if the account vanished meanwhile. */
export const replyWithCurrentUser = async (db: Database, reply: FastifyReply, userId: number) => {
  const user = await freshCurrentUser(db, userId);
  return user === undefined ? replyWithFailure(reply, failures.notFound("user")) : user;
};

/**
 * The opening of the account routes (server/http/open-route.ts): the caller's own account is their
 * scope (401 if it vanished meanwhile), the body is decoded; the handler gets both.
 */
export const openAccountRoute =
  <Input>(deps: { readonly db: Database; readonly clock: Clock }, decode: RequestDecoder<Input>) =>
  (handler: (caller: AccountCaller, input: Input, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    openRoute(deps, {
      decode,
      scope: async (principal): Promise<ScopeDecision<AccountWithHash>> => {
        const account = await findAccount(deps.db, principal.userId);
        return account === undefined ? { ok: false, failure: failures.notAuthenticated(), reason: "no_account" } : { ok: true, scope: account };
      },
    })(({ principal, input, scope }, request, reply) => handler({ principal, account: scope }, input, request, reply));

