import { and, asc, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { maskPhone } from "../../domain/shared/format/phone.ts";
import { normaliseEmail } from "../../domain/shared/validators/email.ts";
import { type RoleCode, normaliseRoleCode } from "../../domain/shared/roles.ts";
import type { UserId } from "../../domain/shared/ids.ts";
import type { AuthUser } from "../../domain/shared/wire/auth.ts";
import { MFA_METHODS, type MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { Database } from "../db/database.ts";
import { mfaEnrolments, passwordHashes } from "../db/schema/credentials.ts";
import { roles } from "../db/schema/roles.ts";
import { administrators, staff, users } from "../db/schema/users.ts";

/** A person who signs in, with what decides whether they may. */
export type Account = {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** E.164, or null. */
  readonly phone: string | null;
  readonly changePassword: boolean;
  readonly defaultMfaMethod: MfaMethod | null;
  readonly institutionId: number | null;
  readonly roleId: number;
  readonly roleTitle: string;
  readonly role: RoleCode;
  readonly archivedAt: Date | null;
  readonly administratorStatus: string | null;
  readonly staffStatus: string | null;
  /** The user record's version (docs/api.md, "Versions and concurrent edits"). */
  readonly version: number;
};

export const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  changePassword: users.changePassword,
  defaultMfaMethod: users.defaultMfaMethod,
  institutionId: users.institutionId,
  roleId: users.roleId,
  roleTitle: roles.title,
  roleCode: roles.code,
  archivedAt: users.archivedAt,
  administratorStatus: administrators.status,
  staffStatus: staff.status,
  version: users.version,
};

type AccountRow = { readonly roleCode: string } & Omit<Account, "role">;

export const toAccount = (row: AccountRow): Account | undefined => {
  const role = normaliseRoleCode(row.roleCode);
  if (role === undefined) return undefined;
  const { roleCode: _code, ...rest } = row;
  return { ...rest, role };
};

const accountQuery = (db: Database) =>
  db
    .select({ ...accountColumns, passwordHash: passwordHashes.hash })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(administrators, eq(administrators.userId, users.id))
    .leftJoin(staff, eq(staff.userId, users.id))
    .leftJoin(passwordHashes, eq(passwordHashes.userId, users.id));

export type AccountWithHash = Account & { readonly passwordHash: string | null };

const withHash = (row: AccountRow & { readonly passwordHash: string | null }): AccountWithHash | undefined => {
  const account = toAccount(row);
  return account === undefined ? undefined : { ...account, passwordHash: row.passwordHash };
};

/**
 * The account of an address, whatever its capitalisation or way of writing its domain
 * (normaliseEmail): the living one when a deleted account once had the same address (only one
 * living account holds an address; a deleted one still answers, so signing in with it is refused
 * as archived rather than as unknown). A look-alike address (mixed alphabets) is nobody's.
 */
export const findAccountByEmail = async (db: Database, email: string): Promise<AccountWithHash | undefined> => {
  const normal = normaliseEmail(email);
  if (!normal.ok) return undefined;
  const [row] = await accountQuery(db)
    .where(sql`lower(${users.email}) = lower(${normal.value})`)
    .orderBy(sql`${users.archivedAt} is not null`, desc(users.id))
    .limit(1);
  return row === undefined ? undefined : withHash(row);
};

export const findAccount = async (db: Database, userId: number): Promise<AccountWithHash | undefined> => {
  const [row] = await accountQuery(db).where(eq(users.id, userId)).limit(1);
  return row === undefined ? undefined : withHash(row);
};

/** Why an account may not sign in: deleted (archived row), deactivated administrator or SLP. */
export type SignInBlock = "archived" | "inactive";

export const signInBlock = (account: {
  readonly archivedAt: Date | null;
  readonly administratorStatus: string | null;
  readonly staffStatus: string | null;
}): SignInBlock | undefined => {
  if (account.archivedAt !== null) return "archived";
  if (account.administratorStatus === "archived" || account.staffStatus === "inactive") return "inactive";
  return undefined;
};

/** The confirmed second factors, in the catalogue's order (email, sms, app). */
export const confirmedMethods = async (db: Database, userId: number): Promise<MfaMethod[]> => {
  const rows = await db
    .select({ method: mfaEnrolments.method })
    .from(mfaEnrolments)
    .where(and(eq(mfaEnrolments.userId, userId), isNotNull(mfaEnrolments.confirmedAt)))
    .orderBy(asc(mfaEnrolments.method));
  const have = new Set(rows.map((row) => row.method));
  return MFA_METHODS.filter((method) => have.has(method));
};

/** The phone as the wire shows it: masked but for its last four digits, or null. */
export const maskedPhone = (phone: string | null): string | null =>
  phone === null || phone.trim().length < 5 ? null : maskPhone(phone);

/** What the sign-in flow needs to know about the person (spec section 3, auth session). */
export const authUserOf = async (db: Database, account: Account): Promise<AuthUser> => ({
  // The id is the users row's own: a UserId by construction.
  id: account.id as UserId,
  change_password: account.changePassword,
  default_mfa_method: account.defaultMfaMethod,
  mfa_methods: await confirmedMethods(db, account.id),
  phone: maskedPhone(account.phone),
});

/** Whether another account already uses the number, as its phone or its confirmed SMS factor (ERROR_021). */
export const phoneUsedByAnother = async (db: Database, userId: number, phone: string): Promise<boolean> => {
  const [onUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  if (onUser !== undefined) return true;
  const [onEnrolment] = await db
    .select({ id: mfaEnrolments.id })
    .from(mfaEnrolments)
    .where(
      and(
        eq(mfaEnrolments.method, "sms"),
        eq(mfaEnrolments.phone, phone),
        ne(mfaEnrolments.userId, userId),
        isNotNull(mfaEnrolments.confirmedAt),
      ),
    )
    .limit(1);
  return onEnrolment !== undefined;
};
