import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { type AdministratorStatus, shownStatus } from "../../../domain/shared/statuses/administrator-status.ts";
import { checkEmailInDomains } from "../../../domain/shared/validators/email-domain.ts";
import type { Database } from "../../db/database.ts";
import { institutionAllowedDomains } from "../../db/schema/institutions.ts";
import { roles } from "../../db/schema/roles.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { liveInstitutionAdministrator } from "./administrator-record.ts";
import type { OneAdministrator } from "./administrator-scope.ts";

/** ERROR_031 "The email already exists": another living account (administrator or SLP) uses the address. */
export const emailTaken = (): ApiFailure =>
  apiFailure(400, "ERROR_031", "another living account has this e-mail", { field: "email", placeholders: { field_name: "email" } });

/** ERROR_050 naming the status as people read it (an inactive administrator is stored archived). */
export const statusNotAllowed = (status: AdministratorStatus, reason: string): ApiFailure =>
  apiFailure(400, "ERROR_050", reason, { field: "status", placeholders: { status: shownStatus(status) } });

const allowedDomainsOf = async (db: Database, institutionId: number): Promise<string[]> =>
  (await db.select({ domain: institutionAllowedDomains.domain }).from(institutionAllowedDomains).where(eq(institutionAllowedDomains.institutionId, institutionId))).map(
    (row) => row.domain,
  );

/**
 * An administrator's address must be at one of their institution's allowed domains (ERROR_020;
 * an institution without any accepts every address) and no other living account may use it, in
 * any letter case (ERROR_031). `exceptUserId` is the person whose address is changing.
 */
export const checkAdministratorEmail = async (db: Database, email: string, institutionId: number, exceptUserId: number | null): Promise<ApiFailure | undefined> => {
  const inDomain = checkEmailInDomains(email, await allowedDomainsOf(db, institutionId), "ERROR_020");
  if (!inDomain.ok) return fromDomainFailure(400, inDomain, "e-mail outside the institution's allowed domains");
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.archivedAt), exceptUserId === null ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return taken === undefined ? undefined : emailTaken();
};

/** A change that lost a race on the one-living-account-per-address index reads as the rule's own answer. */
export const duplicateEmailAsFailure = async <A>(change: () => Promise<A>): Promise<A | { readonly emailTaken: true }> => {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_live_key")) return { emailTaken: true };
    throw error;
  }
};

/** Whether a change's outcome is the race on the live-email index. */
export const lostEmailRace = (value: unknown): value is { readonly emailTaken: true } => typeof value === "object" && value !== null && "emailTaken" in value;

/** The stored administrator a change starts from, read under a row lock inside its transaction; undefined once deleted. */
export const lockedAdministrator = async (tx: Database, one: OneAdministrator) => {
  const [row] = await tx
    .select({ status: administrators.status, email: users.email, firstName: users.firstName, lastName: users.lastName, roleCode: roles.code })
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(administrators.id, one.administratorId), liveInstitutionAdministrator))
    .for("update", { of: [administrators, users] });
  return row;
};

/**
 * Locks every administrator row of the institution, in id order, before the last-administrator
 * rule counts them: two administrators deactivating each other at once cannot both see "another
 * one is still active" and leave the institution with none.
 */
export const lockInstitutionAdministrators = async (tx: Database, institutionId: number): Promise<void> => {
  await tx.select({ id: administrators.id }).from(administrators).where(eq(administrators.institutionId, institutionId)).orderBy(asc(administrators.id)).for("update");
};
