import { type RoleCode, normaliseRoleCode } from "../../domain/shared/roles.ts";
import type { AdministratorStatus } from "../../domain/shared/statuses/administrator-status.ts";
import type { StaffStatus } from "../../domain/shared/statuses/staff-status.ts";
import { hashPassword } from "../auth/password-hash.ts";
import type { PasswordHashCost } from "../auth/password-hash-cost.ts";
import { mfaEnrolments, passwordHashes } from "../db/schema/credentials.ts";
import { roles } from "../db/schema/roles.ts";
import { administrators, staff, users } from "../db/schema/users.ts";
import { contactIn } from "./contact-block.ts";
import { DEMO_ACCOUNTS, DEMO_INSTITUTIONS, type DemoInstitutionKey } from "./demo-accounts.ts";
import { FAMILY_NAMES, GIVEN_NAMES } from "./demo-names.ts";
import type { DemoOrganisations } from "./demo-organisations.ts";
import type { CityPlace } from "./place-lookup.ts";
import { type SeedContext, daysBefore } from "./seed-context.ts";

export type DemoSlp = { readonly staffId: number; readonly userId: number; readonly active: boolean; readonly email: string };

export type DemoStaff = {
  readonly slpsOf: ReadonlyMap<DemoInstitutionKey, readonly DemoSlp[]>;
  /** The staff administrator who edits some SLP notes (shows "last edited by"). */
  readonly editorUserId: number;
};

type Person = {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: RoleCode;
  readonly institution: DemoInstitutionKey | null;
  readonly status: "active" | "pending" | "inactive" | "archived";
  readonly changePassword: boolean;
  readonly emailMfa: boolean;
  /** Only accounts someone can sign in with get a password hash. */
  readonly canSignIn: boolean;
};

const HOME_CITY: Readonly<Record<DemoInstitutionKey, string>> = { riverside: "Boston", lakeside: "Madison" };

const domainOf = (key: DemoInstitutionKey): string => DEMO_INSTITUTIONS.find((i) => i.key === key)?.domains[0] ?? "demo.test";

/** The demo's named accounts, then more SLPs and administrators with generated names and mixed statuses. */
const planPeople = ({ prng }: SeedContext): Person[] => {
  const used = new Set<string>();
  const person = (key: DemoInstitutionKey, role: RoleCode, status: Person["status"]): Person => {
    for (;;) {
      const [firstName] = prng.pick(GIVEN_NAMES);
      const lastName = prng.pick(FAMILY_NAMES);
      const email = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "") + `@${domainOf(key)}`;
      if (used.has(email)) continue;
      used.add(email);
      return { email, firstName, lastName, role, institution: key, status, changePassword: status !== "active", emailMfa: false, canSignIn: status === "active" };
    }
  };
  const named: Person[] = DEMO_ACCOUNTS.map((account) => ({ ...account, canSignIn: true }));
  for (const account of named) used.add(account.email);
  return [
    ...named,
    ...(["active", "active", "active", "active", "active", "inactive"] as const).map((s) => person("riverside", "staff", s)),
    ...(["active", "active", "pending"] as const).map((s) => person("lakeside", "staff", s)),
    person("riverside", "institution_admin", "active"),
    person("riverside", "staff_admin", "pending"),
    person("riverside", "institution_admin", "archived"),
    person("riverside", "staff_admin", "active"),
    person("lakeside", "staff_admin", "active"),
  ];
};

const adminStatus = (status: Person["status"]): AdministratorStatus => (status === "inactive" ? "archived" : status);
const staffStatus = (status: Person["status"]): StaffStatus => (status === "archived" ? "inactive" : status);

/** Users with their administrator or staff rows, argon2id hashes for real accounts, and e-mail MFA for the named ones. */
export const seedStaff = async (
  context: SeedContext,
  organisations: DemoOrganisations,
  cities: readonly CityPlace[],
  signIn: { readonly password: string; readonly passwordHashCost: PasswordHashCost },
): Promise<DemoStaff> => {
  const { db, prng, baseDate } = context;
  const people = planPeople(context);
  const roleIds = new Map((await db.select({ id: roles.id, code: roles.code }).from(roles)).map((r) => [normaliseRoleCode(r.code), r.id]));
  const institutionId = (key: DemoInstitutionKey | null): number | null => (key === null ? null : (organisations.institutionIds.get(key) ?? null));

  const userRows = await db
    .insert(users)
    .values(
      people.map((p) => {
        const created = daysBefore(baseDate, prng.int(120, 600));
        return {
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          phone: p.role === "staff" || p.emailMfa ? `+1617555${String(prng.int(100, 199)).padStart(4, "0")}` : null,
          roleId: roleIds.get(p.role) ?? 0,
          institutionId: institutionId(p.institution),
          changePassword: p.changePassword,
          defaultMfaMethod: p.emailMfa ? ("email" as const) : null,
          lastSignInAt: p.status === "active" ? daysBefore(baseDate, prng.int(0, 9)) : null,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const userIdOf = new Map(userRows.map((row) => [row.email, row.id]));
  const idOf = (p: Person): number => userIdOf.get(p.email) ?? 0;

  const admins = people.filter((p) => p.role !== "staff");
  await db.insert(administrators).values(
    admins.map((p) => ({ userId: idOf(p), institutionId: institutionId(p.institution), status: adminStatus(p.status), createdAt: daysBefore(baseDate, 300) })),
  );
  const slps = people.filter((p) => p.role === "staff");
  const staffRows = await db
    .insert(staff)
    .values(
      slps.map((p) => {
        const key = p.institution ?? "riverside";
        const city = cities.find((c) => c.name === HOME_CITY[key]) ?? cities[0];
        if (city === undefined) throw new Error("no reference cities");
        const { phone: _phone, ...contact } = contactIn(city, prng);
        return { userId: idOf(p), institutionId: institutionId(key) ?? 0, status: staffStatus(p.status), ...contact, createdAt: daysBefore(baseDate, 300) };
      }),
    )
    .returning({ id: staff.id, userId: staff.userId });

  const hashes = await Promise.all(people.filter((p) => p.canSignIn).map(async (p) => ({ userId: idOf(p), hash: await hashPassword(signIn.password, signIn.passwordHashCost) })));
  await db.insert(passwordHashes).values(hashes);
  const withMfa = people.filter((p) => p.emailMfa);
  if (withMfa.length > 0) {
    await db.insert(mfaEnrolments).values(withMfa.map((p) => ({ userId: idOf(p), method: "email" as const, confirmedAt: daysBefore(baseDate, 100) })));
  }

  const slpsOf = new Map<DemoInstitutionKey, DemoSlp[]>();
  for (const p of slps) {
    const key = p.institution ?? "riverside";
    const row = staffRows.find((r) => r.userId === idOf(p));
    if (row === undefined) continue;
    slpsOf.set(key, [...(slpsOf.get(key) ?? []), { staffId: row.id, userId: row.userId, active: p.status === "active", email: p.email }]);
  }
  return { slpsOf, editorUserId: userIdOf.get("staffadmin@demo.test") ?? 0 };
};
