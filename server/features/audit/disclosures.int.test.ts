import * as Schema from "effect/Schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Disclosure, DisclosureAccounting } from "../../../domain/audit/disclosure-wire.ts";
import { createAccount, signIn, withBearer, type TestAccount } from "../../auth/auth.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { recordDisclosure } from "./index.ts";

// The accounting of disclosures (issue 38, docs/audit.md) on each database: an administrator
// records one by hand, an export's hook records one, the patient's accounting lists both six years
// back and nothing older; every caller but the patient's institution's administrators is refused;
// refusals name their field; writing and reading are audited about the patient.
const SETUP_TIMEOUT = 180_000;
const decode = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

describe.each(TEST_DRIVERS)("the accounting of disclosures on %s", (driver) => {
  let t: TestApp;
  let admin: TestAccount;
  let headers: Record<"admin" | "other" | "super" | "slp", Record<string, string>>;
  let patientId: number;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    admin = await createAccount(t, { email: "admin@disclose-river.test", role: "institution_admin" });
    const other = await createAccount(t, { email: "admin@disclose-lake.test", role: "institution_admin" });
    const slp = await createAccount(t, { email: "slp@disclose-river.test", role: "staff" });
    const superAdmin = await createAccount(t, { email: "super@disclose.test", role: "super_admin" });
    await db.update(users).set({ institutionId: admin.institutionId }).where(eq(users.id, slp.id));
    const [slpStaff] = await db.update(staff).set({ institutionId: admin.institutionId ?? 0 }).where(eq(staff.userId, slp.id)).returning({ id: staff.id });
    const bearer = async (account: TestAccount) => withBearer((await signIn(t, account)).access);
    headers = { admin: await bearer(admin), other: await bearer(other), super: await bearer(superAdmin), slp: await bearer(slp) };
    // The SLP's own patient: even the assigned SLP holds no audit_log permission.
    const [mine] = await db
      .insert(patients)
      .values({ institutionId: admin.institutionId ?? 0, firstName: "Ada", lastName: "Disclosed", email: "p@disclose-river.test", birthdate: "1950-01-01", gender: "female", assignedStaffId: slpStaff?.id ?? null })
      .returning({ id: patients.id });
    patientId = mine?.id ?? 0;
    today = t.clock.now().toISOString().slice(0, 10);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  const entry = (over: Record<string, unknown> = {}) => ({
    patient: patientId,
    disclosed_on: today,
    recipient: "County health department",
    recipient_address: "1 Main St, Springfield",
    what: "Diagnosis and session dates",
    purpose: "Public health reporting",
    ...over,
  });
  const post = (who: keyof typeof headers, payload: unknown) => t.app.inject({ method: "POST", url: "/api/audit/disclosures/", headers: headers[who], payload: payload as object });
  const accounting = (who: keyof typeof headers) => t.app.inject({ method: "GET", url: `/api/audit/disclosures/?patient=${patientId}`, headers: headers[who] });

  it("records a disclosure by hand and by an export's hook, and lists both in the patient's accounting, newest first", async () => {
    const written = await post("admin", entry());
    expect(written.statusCode, written.body).toBe(201);
    const manual = decode(Disclosure, written.json());
    expect(manual).toMatchObject({ patient_id: patientId, source: "manual", recorded_by: admin.id, recipient: "County health department" });
    const [row] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "disclosure"), eq(auditEvents.resourceId, String(manual.id))));
    expect(row).toMatchObject({ action: "create", outcome: "success", patientId, userId: admin.id });

    const older = new Date(Date.parse(`${today}T00:00:00Z`) - 400 * 86_400_000).toISOString().slice(0, 10);
    const hooked = await recordDisclosure(t.database.db, {
      institutionId: admin.institutionId ?? 0,
      patientId,
      disclosedOn: older,
      recipient: "Research registry",
      recipientAddress: "2 Lab Rd",
      what: "Session scores",
      purpose: "Research (authorised)",
      source: "export",
      recordedBy: admin.id,
      recordedAt: t.clock.now(),
    });
    // One entry seven years back: outside the accounting.
    const ancient = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 366 * 86_400_000).toISOString().slice(0, 10);
    await recordDisclosure(t.database.db, { institutionId: admin.institutionId ?? 0, patientId, disclosedOn: ancient, recipient: "Old", recipientAddress: "Old", what: "Old", purpose: "Old", source: "export", recordedBy: admin.id, recordedAt: t.clock.now() });

    const read = await accounting("admin");
    expect(read.statusCode, read.body).toBe(200);
    const answer = decode(DisclosureAccounting, read.json());
    expect(answer).toMatchObject({ patient_id: patientId, patient_name: "Ada Disclosed", to: today });
    expect(answer.from.slice(5)).toBe(today.slice(5) === "02-29" ? "02-28" : today.slice(5));
    expect(answer.disclosures.map((item) => [item.id, item.source])).toEqual([[manual.id, "manual"], [hooked, "export"]]);
    const reads = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "patient_disclosures"), eq(auditEvents.outcome, "success")));
    expect(reads.map((audit) => audit.patientId)).toEqual([patientId]);
  });

  it("refuses every caller but the patient's institution's administrators: SLP and super administrator 403, another institution 404", async () => {
    expect((await accounting("slp")).statusCode).toBe(403);
    expect((await post("slp", entry())).statusCode).toBe(403);
    expect((await accounting("super")).statusCode).toBe(403);
    expect((await post("super", entry())).statusCode).toBe(403);
    expect((await accounting("other")).statusCode).toBe(404);
    expect((await post("other", entry())).statusCode).toBe(404);
  });

  it("answers a catalogued error on the field for bad input, never a 500", async () => {
    const future = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ disclosed_on: future }, "disclosed_on"],
      [{ disclosed_on: "2001-01-01" }, "disclosed_on"],
      [{ recipient: "" }, "recipient"],
      [{ purpose: "x".repeat(1001) }, "purpose"],
      [{ disclosed_on: "2026-02-30" }, "disclosed_on"],
    ];
    for (const [over, field] of cases) {
      const response = await post("admin", entry(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(400);
      const body = response.json() as { code: string; detail: { field?: string } | null };
      expect(body.code).toMatch(/^ERROR_0/);
      expect(body.detail?.field, JSON.stringify(over)).toBe(field);
    }
  });
});
