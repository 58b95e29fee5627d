import { and, eq } from "drizzle-orm";
import type { DatabaseDriver } from "./db/database.ts";
import { games } from "./db/schema/games.ts";
import { places } from "./db/schema/places.ts";
import { administrators, staff, users } from "./db/schema/users.ts";
import { syncReferenceData } from "./seed/reference-data.ts";
import { type TestAccount, createAccount, signIn, withBearer } from "./auth/auth.test-helper.ts";
import { type TestApp, type TestAppOptions, createTestApp } from "./test-app.test-helper.ts";

/** Who the patients suites sign in as: one clinic with two SLPs, its administrators, another clinic, the platform admin. */
export type PatientsWorld = {
  readonly t: TestApp;
  readonly clinic: number;
  readonly otherClinic: number;
  readonly slpStaffId: number;
  readonly otherSlpStaffId: number;
  /** An SLP of the other clinic. */
  readonly foreignStaffId: number;
  readonly gameIds: readonly number[];
  readonly headers: Readonly<Record<"admin" | "staffAdmin" | "slp" | "otherSlp" | "otherAdmin" | "superAdmin", Record<string, string>>>;
  readonly accounts: Readonly<Record<"admin" | "slp", TestAccount>>;
  readonly place: (kind: "country" | "state" | "city", name: string) => Promise<{ id: number; parentId: number | null }>;
};

const staffIdOf = async (t: TestApp, userId: number): Promise<number> => {
  const [row] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.userId, userId));
  if (row === undefined) throw new Error("no staff row");
  return row.id;
};

/** A test app with reference data (games, places) and the accounts of PatientsWorld, all signed in. */
export const patientsWorld = async (driver: DatabaseDriver, tag: string, options?: TestAppOptions): Promise<PatientsWorld> => {
  const t = await createTestApp(driver, options);
  const db = t.database.db;
  await syncReferenceData(db);
  const account = (name: string, role: Parameters<typeof createAccount>[1]["role"]) => createAccount(t, { email: `${name}.${tag}@clinic.test`, role });
  const admin = await account("admin", "institution_admin");
  const staffAdmin = await account("staffadmin", "staff_admin");
  const slp = await account("slp", "staff");
  const otherSlp = await account("slp2", "staff");
  const otherAdmin = await account("other.admin", "institution_admin");
  const foreignSlp = await account("foreign.slp", "staff");
  const superAdmin = await account("super", "super_admin");
  const clinic = admin.institutionId ?? 0;
  const otherClinic = otherAdmin.institutionId ?? 0;
  // createAccount gives each account a clinic of its own; move them into the two clinics.
  const move = async (who: TestAccount, institutionId: number) => {
    await db.update(users).set({ institutionId }).where(eq(users.id, who.id));
    await db.update(staff).set({ institutionId }).where(eq(staff.userId, who.id));
    await db.update(administrators).set({ institutionId }).where(eq(administrators.userId, who.id));
  };
  for (const who of [staffAdmin, slp, otherSlp]) await move(who, clinic);
  await move(foreignSlp, otherClinic);
  const bearer = async (who: TestAccount) => withBearer((await signIn(t, who)).access);
  const headers = {
    admin: await bearer(admin),
    staffAdmin: await bearer(staffAdmin),
    slp: await bearer(slp),
    otherSlp: await bearer(otherSlp),
    otherAdmin: await bearer(otherAdmin),
    superAdmin: await bearer(superAdmin),
  };
  const gameIds = (await db.select({ id: games.id }).from(games).orderBy(games.id)).map((row) => row.id);
  const place = async (kind: "country" | "state" | "city", name: string) => {
    const [row] = await db.select({ id: places.id, parentId: places.parentId }).from(places).where(and(eq(places.name, name), eq(places.kind, kind)));
    if (row === undefined) throw new Error(`no ${kind} ${name}`);
    return row;
  };
  return {
    t,
    clinic,
    otherClinic,
    slpStaffId: await staffIdOf(t, slp.id),
    otherSlpStaffId: await staffIdOf(t, otherSlp.id),
    foreignStaffId: await staffIdOf(t, foreignSlp.id),
    gameIds,
    headers,
    accounts: { admin, slp },
    place,
  };
};
