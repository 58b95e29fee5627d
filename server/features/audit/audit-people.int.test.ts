import * as Schema from "effect/Schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditPeople } from "../../../domain/audit/audit-people-wire.ts";
import { createAccount, signIn, withBearer, type TestAccount } from "../../auth/auth.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";

// GET audit/people/ (issue 38, the person filter) on each database: an administrator finds their
// institution's SLPs and administrators by name, e-mail or user id, deleted accounts too, and no
// one of another institution; the super administrator finds administrators and no SLP; an SLP is
// refused; each read is audited.
const SETUP_TIMEOUT = 180_000;
const decode = (value: unknown) => Schema.decodeUnknownSync(AuditPeople, { onExcessProperty: "error" })(value);

describe.each(TEST_DRIVERS)("the audit log's people on %s", (driver) => {
  let t: TestApp;
  let admin: TestAccount;
  let other: TestAccount;
  let slp: TestAccount;
  let gone: TestAccount;
  let headers: Record<"admin" | "super" | "slp", Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    admin = await createAccount(t, { email: "admin@people-river.test", role: "institution_admin" });
    other = await createAccount(t, { email: "admin@people-lake.test", role: "institution_admin" });
    slp = await createAccount(t, { email: "ada@people-river.test", role: "staff" });
    gone = await createAccount(t, { email: "bo@people-river.test", role: "staff", archived: true });
    const superAdmin = await createAccount(t, { email: "super@people.test", role: "super_admin" });
    // createAccount gives each account a clinic of its own; the SLPs work at the administrator's.
    for (const account of [slp, gone]) {
      await db.update(users).set({ institutionId: admin.institutionId }).where(eq(users.id, account.id));
      await db.update(staff).set({ institutionId: admin.institutionId ?? 0 }).where(eq(staff.userId, account.id));
    }
    await db.update(users).set({ firstName: "Ada", lastName: "Lovelace" }).where(eq(users.id, slp.id));
    await db.update(users).set({ firstName: "Bo", lastName: "Lovelace" }).where(eq(users.id, gone.id));
    await db.update(users).set({ firstName: "Ada", lastName: "Elsewhere" }).where(eq(users.id, other.id));
    const bearer = async (account: TestAccount) => withBearer((await signIn(t, account)).access);
    headers = { admin: await bearer(admin), super: await bearer(superAdmin), slp: await bearer(slp) };
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  const people = async (who: keyof typeof headers, query: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/audit/people/?${query}`, headers: headers[who] });
    return { status: response.statusCode, body: response.statusCode === 200 ? decode(response.json()) : null };
  };
  const ids = (answer: { body: { results: readonly { id: number }[] } | null }) => (answer.body?.results ?? []).map((person) => person.id);

  it("finds the institution's people by name, full name, e-mail or id, deleted ones marked, and no one of another institution", async () => {
    const byName = await people("admin", "search=lovelace");
    expect(byName.status).toBe(200);
    expect(byName.body?.results).toEqual([
      { id: slp.id, name: "Ada Lovelace", role: "staff", deleted: false },
      { id: gone.id, name: "Bo Lovelace", role: "staff", deleted: true },
    ]);
    expect(ids(await people("admin", "search=ada%20love"))).toEqual([slp.id]);
    expect(ids(await people("admin", "search=ADA@people"))).toEqual([slp.id]);
    // "Ada Elsewhere" is another institution's administrator: neither by name nor by id.
    expect(ids(await people("admin", "search=ada"))).toEqual([slp.id]);
    expect(ids(await people("admin", `user=${other.id}`))).toEqual([]);
    expect(ids(await people("admin", `user=${slp.id}`))).toEqual([slp.id]);
    // A wildcard is a character, not a pattern.
    expect(ids(await people("admin", "search=%25"))).toEqual([]);
  }, 60_000);

  it("gives the super administrator administrators and no SLP, refuses an SLP, refuses bad input with a catalogued error, and audits each read", async () => {
    const platform = await people("super", "search=ada");
    expect(platform.status).toBe(200);
    expect(ids(platform)).toEqual([other.id]);
    expect(ids(await people("super", `user=${slp.id}`))).toEqual([]);
    expect((await people("slp", "search=ada")).status).toBe(403);
    const bad = await t.app.inject({ method: "GET", url: "/api/audit/people/?user=abc", headers: headers.admin });
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db
      .select({ outcome: auditEvents.outcome, resourceId: auditEvents.resourceId })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, admin.id), eq(auditEvents.action, "list"), eq(auditEvents.resource, "user")));
    expect(rows).toContainEqual({ outcome: "success", resourceId: String(slp.id) });
  }, 60_000);
});
