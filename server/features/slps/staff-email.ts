import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { checkEmailInDomains } from "../../../domain/shared/validators/email-domain.ts";
import type { Database } from "../../db/database.ts";
import { institutionAllowedDomains } from "../../db/schema/institutions.ts";
import { users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";

/** Another living account (administrator or SLP, any institution) already signs in with the address (ERROR_031). */
export const emailTaken = (): ApiFailure =>
  apiFailure(400, "ERROR_031", "another living account has this e-mail", { field: "email", placeholders: { field_name: "email" } });

/**
 * An SLP's address must be at one of their institution's allowed domains (ERROR_022; an
 * institution without domains takes any) and belong to no other living account, whatever its
 * case (ERROR_031): it is what they sign in with. `exceptUserId` is the SLP's own account.
 */
export const checkStaffEmail = async (db: Database, institutionId: number, email: string, exceptUserId: number | null): Promise<ApiFailure | undefined> => {
  const domains = await db.select({ domain: institutionAllowedDomains.domain }).from(institutionAllowedDomains).where(eq(institutionAllowedDomains.institutionId, institutionId));
  const inDomain = checkEmailInDomains(email, domains.map((row) => row.domain), "ERROR_022");
  if (!inDomain.ok) return fromDomainFailure(400, inDomain, "the address is outside the institution's domains");
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.archivedAt), exceptUserId === null ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return found === undefined ? undefined : emailTaken();
};

/** Whether a database error is the living-account e-mail index refusing a duplicate (a race the check above lost). */
export const isDuplicateUserEmail = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505" && candidate.constraint === "users_email_lower_live_key") return true;
    current = candidate.cause;
  }
  return false;
};
