import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ANONYMOUS_REFUSAL_WINDOW_MS } from "../../domain/auth/anonymous-refusals.ts";
import { AUTH, PASSWORD, auditRows, createAccount, login } from "../../server/auth/auth.test-helper.ts";
import { rowsOf } from "../../server/db/rows-of.ts";
import { anonymousRefusals } from "../../server/db/schema/anonymous-refusals.ts";
import { auditEvents } from "../../server/db/schema/audit.ts";
import { TEST_DRIVERS } from "../../server/db/test-database.ts";
import { MOBILE_UPLOAD_URL, withDevice } from "../../server/features/mobile/mobile-world.test-helper.ts";
import { DEVICE_UPLOAD_LIMIT } from "../../server/features/mobile/upload-rate-limit.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../server/test-app.test-helper.ts";
import { recordAnonymousRefusal } from "../../server/audit/record-anonymous-refusal.ts";

// Issue 31 item 13: anonymous calls added an audit row each (lookups, sign-ins for unknown
// addresses, resets); refused attempts that name no account are now counted per address, kind and
// hour, while an attempt that names a real account keeps its own audit row.
const FROM = "198.51.100.23";
const madeUpToken = (): string => randomBytes(32).toString("base64url");

const rejection = async (action: () => Promise<unknown>): Promise<string> => {
  try {
    await action();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return "no error";
};

describe.each(TEST_DRIVERS)("anonymous refusals (%s)", (driver) => {
  let t: TestApp | undefined;
  const start = async (): Promise<TestApp> => {
    t = await createTestApp(driver);
    return t;
  };
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const auditCount = async (app: TestApp): Promise<number> => Number(rowsOf(await app.database.db.execute(sql`select count(*)::int as n from audit_events`))[0]?.n);
  const summaries = (app: TestApp) => app.database.db.select().from(anonymousRefusals).orderBy(anonymousRefusals.action, anonymousRefusals.reason);

  it("counts 500 made-up device tokens from one address in one summary row, and writes no audit row", async () => {
    const app = await start();
    const before = await auditCount(app);
    for (let call = 1; call <= 500; call += 1) {
      const answer = await app.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, remoteAddress: FROM, headers: withDevice(madeUpToken()), payload: {} });
      expect(answer.statusCode).toBe(401);
      // Past the address's allowance a call is refused (429) before it is counted; the next minute
      // opens a new allowance, and the hour (the summary's window) is the same.
      if (call % DEVICE_UPLOAD_LIMIT.unknownTokenMax === 0) app.clock.advance(DEVICE_UPLOAD_LIMIT.timeWindow + 1);
    }
    expect(await auditCount(app)).toBe(before);
    const rows = await summaries(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: FROM, action: "mobile.device_auth", outcome: "failure", reason: "unknown_device_token", count: 500, windowStart: new Date("2026-03-01T12:00:00.000Z") });
    expect(rows[0]?.lastAt.getTime()).toBeGreaterThan(rows[0]?.firstAt.getTime() ?? Number.POSITIVE_INFINITY);
  }, 240_000);

  it("counts concurrent refusals exactly, and starts a new summary each hour and for each address", async () => {
    const app = await start();
    const at = app.clock.now();
    const refusal = { occurredAt: at, ip: FROM, action: "auth.password", outcome: "failure", reason: "unknown_email" } as const;
    await Promise.all(Array.from({ length: 50 }, () => recordAnonymousRefusal(app.database.db, refusal)));
    await recordAnonymousRefusal(app.database.db, { ...refusal, occurredAt: new Date(at.getTime() + ANONYMOUS_REFUSAL_WINDOW_MS) });
    await recordAnonymousRefusal(app.database.db, { ...refusal, ip: "198.51.100.24" });
    const rows = await app.database.db.select().from(anonymousRefusals).orderBy(anonymousRefusals.windowStart, anonymousRefusals.ip);
    expect(rows.map((row) => [row.windowStart.toISOString(), row.ip, row.count])).toEqual([
      ["2026-03-01T12:00:00.000Z", FROM, 50],
      ["2026-03-01T12:00:00.000Z", "198.51.100.24", 1],
      ["2026-03-01T13:00:00.000Z", FROM, 1],
    ]);
  }, 120_000);

  it("sums sign-ins for unknown addresses, resets for unknown e-mails and links that lead nowhere; a real account keeps its audit rows", async () => {
    const app = await start();
    const account = await createAccount(app, { email: "known@clinic.test" });
    const before = await auditRows(app);
    const from = { remoteAddress: FROM };
    for (let i = 0; i < 3; i += 1) expect((await app.app.inject({ ...from, method: "POST", url: `${AUTH}/login_web/`, headers: { ...API_KEY_HEADER, authorization: `Basic ${Buffer.from(`nobody${i}@clinic.test:${PASSWORD}`).toString("base64")}` } })).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await app.app.inject({ ...from, method: "POST", url: `${AUTH}/forgot_password/`, headers: API_KEY_HEADER, payload: { email: `nobody${i}@clinic.test` } })).statusCode).toBe(204);
    const reset = await app.app.inject({ ...from, method: "POST", url: `${AUTH}/reset_password/`, headers: API_KEY_HEADER, payload: { token: madeUpToken(), new_password: "Lantern-Meadow-Quartz-97", new_password_confirmation: "Lantern-Meadow-Quartz-97" } });
    expect(reset.statusCode).toBe(400);
    const lookup = await app.app.inject({ ...from, method: "POST", url: "/api/invitations/lookup/", headers: API_KEY_HEADER, payload: { token: madeUpToken() } });
    expect(lookup.statusCode).toBe(200);
    expect((await app.app.inject({ ...from, method: "POST", url: MOBILE_UPLOAD_URL, headers: API_KEY_HEADER, payload: {} })).statusCode).toBe(401);

    // None of them wrote an audit row ...
    expect(await auditRows(app)).toEqual(before);
    // ... each is counted under its kind and reason, for its address.
    expect((await summaries(app)).map((row) => `${row.ip} ${row.action} ${row.outcome} ${row.reason} ${row.count}`)).toEqual([
      `${FROM} auth.invitation_lookup failure unknown_token 1`,
      `${FROM} auth.password failure unknown_email 3`,
      `${FROM} auth.password_reset failure unknown_token 1`,
      `${FROM} auth.password_reset_request failure unknown_email 2`,
      `${FROM} mobile.device_auth failure no_device_token 1`,
    ]);

    // A wrong password for a real account is about that person: its own row, as before.
    expect((await login(app, account.email, "Not-The-Password-1")).statusCode).toBe(401);
    const rows = await app.database.db.select().from(auditEvents).where(eq(auditEvents.userId, account.id));
    expect(rows.map((row) => `${row.action} ${row.outcome} ${row.reason}`)).toContain("auth.password failure wrong_password");
  }, 120_000);

  it("keeps the summaries as audit history: no delete, no truncate, no rewrite; only counting up", async () => {
    const app = await start();
    await recordAnonymousRefusal(app.database.db, { occurredAt: app.clock.now(), ip: FROM, action: "auth.password", outcome: "failure", reason: "unknown_email" });
    const db = app.database.db;
    expect(await rejection(() => db.delete(anonymousRefusals))).toMatch(/only counts up/);
    expect(await rejection(() => app.database.exec("truncate anonymous_refusals"))).toMatch(/only counts up/);
    expect(await rejection(() => db.update(anonymousRefusals).set({ count: 0 }))).toMatch(/only counts up/);
    expect(await rejection(() => db.update(anonymousRefusals).set({ ip: "192.0.2.1" }))).toMatch(/only counts up/);
    expect(await rejection(() => db.update(anonymousRefusals).set({ firstAt: new Date("2020-01-01T00:00:00Z") }))).toMatch(/only counts up/);
    expect((await summaries(app)).map((row) => row.count)).toEqual([1]);
  }, 120_000);
});
