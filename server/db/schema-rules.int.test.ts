import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./database.ts";
import { institutions } from "./schema/institutions.ts";
import { patients } from "./schema/patients.ts";
import { roles } from "./schema/roles.ts";
import { users } from "./schema/users.ts";
import { TEST_DRIVERS, createTestDatabase } from "./test-database.ts";

const fails = async (action: () => Promise<unknown>): Promise<boolean> => action().then(() => false, () => true);

describe.each(TEST_DRIVERS)("schema rules (%s)", (driver) => {
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

  it("keeps one account per e-mail address whatever its case", async () => {
    await database.db.insert(users).values({ email: "Ada@Demo.test", roleId, institutionId });
    expect(await fails(() => database.db.insert(users).values({ email: "ada@demo.TEST", roleId, institutionId }))).toBe(true);
  });

  it("refuses institution names that differ only in case", async () => {
    expect(await fails(() => database.db.insert(institutions).values({ name: "CLINIC" }))).toBe(true);
  });

  const patient = { institutionId: 0, firstName: "Ann", lastName: "Lee", email: "ann@mail.test", birthdate: "1950-04-02", gender: "female" as const };

  it.each([
    ["an unknown status", { status: "deleted" }],
    ["an unknown gender", { gender: "unknown" }],
    ["a birthdate before 1900", { birthdate: "1899-12-31" }],
  ])("refuses a patient with %s", async (_, change) => {
    expect(await fails(() => database.db.insert(patients).values({ ...patient, institutionId, ...(change as object) }))).toBe(true);
  });

  it("accepts a valid patient", async () => {
    expect(await fails(() => database.db.insert(patients).values({ ...patient, institutionId }))).toBe(false);
  });
});
