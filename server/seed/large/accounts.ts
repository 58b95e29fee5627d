import { and, eq, isNull, sql } from "drizzle-orm";
import { hashPassword } from "../../auth/password-hash.ts";
import type { PasswordHashCost } from "../../auth/password-hash-cost.ts";
import type { Database } from "../../db/database.ts";
import { mfaEnrolments, passwordHashes } from "../../db/schema/credentials.ts";
import { roles } from "../../db/schema/roles.ts";
import { administrators, staff, users } from "../../db/schema/users.ts";
import type { Prng } from "../../prng.ts";
import { FAMILY_NAMES, GIVEN_NAMES } from "../demo-names.ts";

/** Patients per SLP in the large institution: a full caseload. */
export const CASELOAD = 400;

export type LargeAccounts = {
  /** The institution administrator who can sign in. */
  readonly adminEmail: string;
  readonly adminUserId: number;
  /** The first SLP: signs in, and holds the big caseload. */
  readonly slpEmail: string;
  /** Every SLP's staff id, the first being the one who signs in. */
  readonly staffIds: readonly number[];
  /** The user id behind each staff id (same order): who reviews that SLP's patients' sessions. */
  readonly staffUserIds: readonly number[];
};

/** `admin@large.test` for the first large institution, then `admin.<tag>@large.test`: every run adds one institution. */
const freeAddress = async (db: Database, local: string, tag: string): Promise<string> => {
  const plain = `${local}@large.test`;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${plain}`, isNull(users.archivedAt)))
    .limit(1);
  return taken === undefined ? plain : `${local}.${tag}@large.test`;
};

const roleId = async (db: Database, code: "institution_admin" | "staff"): Promise<number> => {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  if (row === undefined) throw new Error(`the ${code} role is missing: sync the reference data first`);
  return row.id;
};

/**
 * The institution's people: one administrator and the first SLP can sign in (the demo password,
 * a confirmed e-mail second factor whose codes go to the outbox, like the demo's named accounts);
 * the other SLPs, one per 400 patients, have no password yet (as if invited and not yet arrived).
 */
export const seedAccounts = async (
  db: Database,
  input: { readonly institutionId: number; readonly slpCount: number; readonly tag: string; readonly password: string; readonly passwordHashCost: PasswordHashCost; readonly prng: Prng; readonly now: Date },
): Promise<LargeAccounts> => {
  const { institutionId, slpCount, tag, prng, now } = input;
  const adminEmail = await freeAddress(db, "admin", tag);
  const slpEmail = await freeAddress(db, "slp", tag);
  const created = new Date(now.getTime() - 400 * 86_400_000);
  const [adminUser] = await db
    .insert(users)
    .values({ email: adminEmail, firstName: "Lara", lastName: "Largeadmin", roleId: await roleId(db, "institution_admin"), institutionId, changePassword: false, defaultMfaMethod: "email", createdAt: created, updatedAt: created })
    .returning({ id: users.id });
  if (adminUser === undefined) throw new Error("no administrator row");
  await db.insert(administrators).values({ userId: adminUser.id, institutionId, status: "active", createdAt: created });

  const staffRole = await roleId(db, "staff");
  const slpUsers = await db
    .insert(users)
    .values(
      Array.from({ length: slpCount }, (_, index) => {
        const first = index === 0;
        return {
          email: first ? slpEmail : `slp.${index + 1}.${tag}@large.test`,
          firstName: first ? "Logan" : prng.pick(GIVEN_NAMES)[0],
          lastName: first ? "Largecaseload" : prng.pick(FAMILY_NAMES),
          roleId: staffRole,
          institutionId,
          changePassword: !first,
          defaultMfaMethod: first ? ("email" as const) : null,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const userIdOf = new Map(slpUsers.map((row) => [row.email, row.id]));
  const staffUserIds = Array.from({ length: slpCount }, (_, index) => userIdOf.get(index === 0 ? slpEmail : `slp.${index + 1}.${tag}@large.test`) ?? 0);
  const staffRows = await db
    .insert(staff)
    .values(staffUserIds.map((userId) => ({ userId, institutionId, status: "active" as const, createdAt: created })))
    .returning({ id: staff.id, userId: staff.userId });
  const staffIdOf = new Map(staffRows.map((row) => [row.userId, row.id]));

  const slpUserId = staffUserIds[0] ?? 0;
  await db.insert(passwordHashes).values(await Promise.all([adminUser.id, slpUserId].map(async (userId) => ({ userId, hash: await hashPassword(input.password, input.passwordHashCost) }))));
  await db.insert(mfaEnrolments).values([adminUser.id, slpUserId].map((userId) => ({ userId, method: "email" as const, confirmedAt: created })));
  return { adminEmail, adminUserId: adminUser.id, slpEmail, staffIds: staffUserIds.map((userId) => staffIdOf.get(userId) ?? 0), staffUserIds };
};
