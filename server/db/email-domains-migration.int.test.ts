import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./database.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";
import { institutions } from "./schema/institutions.ts";
import { patients } from "./schema/patients.ts";
import { roles } from "./schema/roles.ts";
import { users } from "./schema/users.ts";
import { TEST_DRIVERS, createTestDatabase } from "./test-database.ts";

// Issue 31 item 11: migration 0028 writes the addresses stored before the normal form with their
// domain lower-cased and without the trailing dot; the local part stays; a clash is left alone.
// The rows are written as an old server would have; then the migration's SQL runs again.
describe.each(TEST_DRIVERS)("migration 0028, e-mail domains in their normal form (%s)", (driver) => {
  let database: DatabaseHandle;
  let institutionId = 0;
  let roleId = 0;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const [institution] = await database.db.insert(institutions).values({ name: "Clinic" }).returning({ id: institutions.id });
    const [role] = await database.db.insert(roles).values({ code: "staff", title: "SLP" }).returning({ id: roles.id });
    institutionId = institution?.id ?? 0;
    roleId = role?.id ?? 0;
  });
  afterAll(() => database.close());

  const migrate = async () => {
    const text = await readFile(path.join(MIGRATIONS_FOLDER, "0028_email_domains_normal_form.sql"), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) await database.db.execute(sql.raw(statement));
  };

  it("lower-cases stored domains, drops a trailing dot, keeps the local part, moves the version on, and leaves a clash", async () => {
    const insertUser = async (email: string) => (await database.db.insert(users).values({ email, roleId, institutionId }).returning({ id: users.id, version: users.version }))[0];
    const typed = await insertUser("Ana.Lopez@Clinic.ORG");
    const dotted = await insertUser("slp@demo.test.");
    const normal = await insertUser("ben@demo.test");
    const clash = await insertUser("ben@demo.test.");
    const [patient] = await database.db
      .insert(patients)
      .values({ institutionId, firstName: "Ann", lastName: "Lee", email: "Ann.Lee@Mail.TEST.", birthdate: "1950-04-02", gender: "female" })
      .returning({ id: patients.id, version: patients.version });

    await migrate();
    const emailOf = async (id: number | undefined) => (await database.db.select({ email: users.email, version: users.version }).from(users).where(eq(users.id, id ?? 0)))[0];
    expect(await emailOf(typed?.id)).toEqual({ email: "Ana.Lopez@clinic.org", version: (typed?.version ?? 0) + 1 });
    expect((await emailOf(dotted?.id))?.email).toBe("slp@demo.test");
    expect(await emailOf(normal?.id)).toEqual({ email: "ben@demo.test", version: normal?.version });
    expect((await emailOf(clash?.id))?.email).toBe("ben@demo.test.");
    const [after] = await database.db.select({ email: patients.email, version: patients.version }).from(patients).where(eq(patients.id, patient?.id ?? 0));
    expect(after).toEqual({ email: "Ann.Lee@mail.test", version: (patient?.version ?? 0) + 1 });

    // Running it again changes nothing.
    await migrate();
    expect((await emailOf(typed?.id))?.version).toBe((typed?.version ?? 0) + 1);
  });
});
