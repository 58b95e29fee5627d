import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type OutsideDomainCode, checkEmailInDomains } from "../../domain/shared/validators/email-domain.ts";
import type { Database } from "../db/database.ts";
import { institutionAllowedDomains } from "../db/schema/institutions.ts";
import { users } from "../db/schema/users.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../http/api-failure.ts";

// The address a person signs in with (an administrator's or SLP's account; a patient's, for the
// exercise app): one rule, so the staff, administrator and patient routes answer the same words
// for the same mistake.

/** The unique index that keeps one living account per address, whatever its case (the last word when two requests race). */
export const LIVE_ACCOUNT_EMAIL_INDEX = "users_email_lower_live_key";

/** ERROR_031 "The email already exists" on the email field; `holder` names in the log what living record has it. */
export const emailTaken = (holder: string): ApiFailure =>
  apiFailure(400, "ERROR_031", `another living ${holder} has this e-mail`, { field: "email", placeholders: { field_name: "email" } });

/** ERROR_031: another living account (administrator or SLP, any institution) signs in with the address. */
export const accountEmailTaken = (): ApiFailure => emailTaken("account");

/** The table whose living rows (not archived) each hold a different address, whatever its case. */
export type AddressHolders = { readonly table: PgTable; readonly id: PgColumn; readonly email: PgColumn; readonly archivedAt: PgColumn };

/** Whether a living row of `holders` other than `exceptId` (the one whose address is changing) has the address, in any letter case. */
export const addressHeld = async (db: Database, holders: AddressHolders, email: string, exceptId: number | null): Promise<boolean> => {
  const [held] = await db
    .select({ id: holders.id })
    .from(holders.table)
    .where(and(sql`lower(${holders.email}) = lower(${email})`, isNull(holders.archivedAt), exceptId === null ? undefined : ne(holders.id, exceptId)))
    .limit(1);
  return held !== undefined;
};

/**
 * An account's address must be at one of its institution's allowed domains (`outsideCode`:
 * ERROR_020 for administrators, ERROR_022 for SLPs; an institution without domains takes any
 * address) and belong to no other living account, in any letter case (ERROR_031).
 * `exceptUserId` is the account whose address is changing.
 */
export const checkAccountEmail = async (
  db: Database,
  { institutionId, email, exceptUserId, outsideCode }: { readonly institutionId: number; readonly email: string; readonly exceptUserId: number | null; readonly outsideCode: OutsideDomainCode },
): Promise<ApiFailure | undefined> => {
  const domains = await db.select({ domain: institutionAllowedDomains.domain }).from(institutionAllowedDomains).where(eq(institutionAllowedDomains.institutionId, institutionId));
  const inDomain = checkEmailInDomains(email, domains.map((row) => row.domain), outsideCode);
  if (!inDomain.ok) return fromDomainFailure(400, inDomain, "the address is outside the institution's allowed domains");
  const taken = await addressHeld(db, { table: users, id: users.id, email: users.email, archivedAt: users.archivedAt }, email, exceptUserId);
  return taken ? accountEmailTaken() : undefined;
};

/** Whether a database error is the living-account address index refusing a duplicate (a race the check above lost). */
export const isDuplicateAccountEmail = (error: unknown): boolean => isUniqueViolation(error, LIVE_ACCOUNT_EMAIL_INDEX);
