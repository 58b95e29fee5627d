import { eq } from "drizzle-orm";
import { type PasswordOwner, checkPasswordStrength } from "../../domain/shared/validators/password-strength.ts";
import type { Database } from "../db/database.ts";
import { passwordHashes } from "../db/schema/credentials.ts";
import { institutions } from "../db/schema/institutions.ts";
import { users } from "../db/schema/users.ts";
import { type ApiFailure, fromDomainFailure } from "../http/api-failure.ts";
import type { Account } from "./accounts.ts";

// The parts of a password change shared by the sign-in change_pwd, the e-mailed reset and the
// signed-in users/me/change_password/; the check sequence itself is
// server/features/auth/password-change-checks.ts.

/** What makes a password guessable for this person: their names, address and institution (zxcvbn's user inputs). */
const passwordOwner = async (db: Database, account: Account): Promise<PasswordOwner> => {
  const [institution] =
    account.institutionId === null ? [] : await db.select({ name: institutions.name }).from(institutions).where(eq(institutions.id, account.institutionId)).limit(1);
  return { firstName: account.firstName, lastName: account.lastName, email: account.email, ...(institution === undefined ? {} : { institutionName: institution.name }) };
};

/** ERROR_007: common, breached or easily guessed passwords, or ones built from the person's own words, judged by the domain's strength rule. Every password-setting path asks it. */
export const passwordStrengthFailure = async (db: Database, password: string, account: Account): Promise<ApiFailure | undefined> => {
  const strength = checkPasswordStrength(password, await passwordOwner(db, account));
  return strength.ok ? undefined : fromDomainFailure(400, strength, "password too weak");
};

/** The audit trail names refused passwords in words, not catalogue codes. */
export const passwordRuleReason = (code: string): string =>
  ({ ERROR_006: "too_short", ERROR_008: "confirmation_mismatch", ERROR_010: "same_password" })[code] ?? "refused_password";

/** Stores a new password hash and clears the password-change flag, in the caller's transaction. */
export const storePassword = async (db: Database, userId: number, hash: string, now: Date): Promise<void> => {
  await db
    .insert(passwordHashes)
    .values({ userId, hash, updatedAt: now })
    .onConflictDoUpdate({ target: passwordHashes.userId, set: { hash, updatedAt: now } });
  await db.update(users).set({ changePassword: false, updatedAt: now }).where(eq(users.id, userId));
};

/** Whether the person has chosen a password (an invitation accepted, or one set any other way). */
export const holdsPassword = async (db: Database, userId: number): Promise<boolean> => {
  const [row] = await db.select({ userId: passwordHashes.userId }).from(passwordHashes).where(eq(passwordHashes.userId, userId)).limit(1);
  return row !== undefined;
};
