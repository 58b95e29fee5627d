import type { FastifyReply } from "fastify";
import { eq } from "drizzle-orm";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { type AccountWithHash, confirmedMethods, findAccount, maskedPhone } from "../../auth/accounts.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { failures } from "../../http/failures.ts";
import { sendVersionTag } from "../../http/record-version.ts";

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
    version: account.version,
  };
};

/** The record as it is now, after a change (re-read, so the answer shows what was stored). */
export const freshCurrentUser = async (db: Database, userId: number): Promise<typeof CurrentUser.Encoded | undefined> => {
  const account = await findAccount(db, userId);
  return account === undefined ? undefined : currentUserOf(db, account);
};

/** Answers the caller's updated record (200) with its version as the ETag, or 404 if the account vanished meanwhile. */
export const replyWithCurrentUser = async (db: Database, reply: FastifyReply, userId: number) => {
  const user = await freshCurrentUser(db, userId);
  return user === undefined ? replyWithFailure(reply, failures.notFound("user")) : sendVersionTag(reply, user.version).send(user);
};

