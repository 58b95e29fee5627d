import { and, asc, eq } from "drizzle-orm";
import { type AdministratorStatus, shownStatus } from "../../../domain/shared/statuses/administrator-status.ts";
import type { Database } from "../../db/database.ts";
import { roles } from "../../db/schema/roles.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { unlessUniqueViolation } from "../../db/unique-violation.ts";
import { LIVE_ACCOUNT_EMAIL_INDEX } from "../../people/account-email.ts";
import { liveInstitutionAdministrator } from "./administrator-record.ts";
import type { OneAdministrator } from "./administrator-scope.ts";

/** ERROR_050 naming the status as people read it (an inactive administrator is stored archived). */
export const statusNotAllowed = (status: AdministratorStatus, reason: string): ApiFailure =>
  apiFailure(400, "ERROR_050", reason, { field: "status", placeholders: { status: shownStatus(status) } });

/** A change that lost a race on the one-living-account-per-address index reads as the rule's own answer. */
export const duplicateEmailAsFailure = <A>(change: () => Promise<A>): Promise<A | { readonly emailTaken: true }> =>
  unlessUniqueViolation(LIVE_ACCOUNT_EMAIL_INDEX, change, () => ({ emailTaken: true }) as const);

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
