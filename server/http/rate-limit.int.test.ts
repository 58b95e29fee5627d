import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of.ts";
import { incrementCounter } from "./rate-limit.ts";
import { pruneExpiredCounters, startCounterPruning } from "./rate-limit-pruning.ts";

const send = (t: TestApp) =>
  t.app.inject({ method: "POST", url: "/api/dev/outbox", headers: API_KEY_HEADER, payload: { channel: "sms", to: "+12025550143", body: "hi" } });

describe.each(TEST_DRIVERS)("rate limits (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("answers 429 with ERROR_012 past the limit, and again after the window", async () => {
    for (let i = 0; i < 30; i += 1) expect((await send(t)).statusCode).toBe(201);
    const limited = await send(t);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "ERROR_012", message: "The maximum number of attempts has been reached" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await send(t)).statusCode).toBe(201);
  });

  it("counts correctly under concurrency (one upsert per hit)", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => incrementCounter(t.database.db, "concurrency-test", 60_000, now)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  // Migration 0045: a counter's commit waits for no WAL flush (an unlogged table writes none), and a
  // sign-in's per-account limits, which must outlive a crash, stay in logged tables.
  it("keeps the counters in an unlogged table, and the per-account limits in logged ones", async () => {
    const persistence = rowsOf(
      await t.database.db.execute(sql`select relname, relpersistence from pg_class where relname in ('rate_limit_counters', 'sign_in_guards', 'auth_sessions') order by relname`),
    ).map((row) => [row.relname, row.relpersistence]);
    expect(persistence).toEqual([
      ["auth_sessions", "p"],
      ["rate_limit_counters", "u"],
      ["sign_in_guards", "p"],
    ]);
  });

  // Issue 31 item 6: expired counters are deleted while the server runs, not only at its start.
  const counterCount = async (prefix: string): Promise<number> =>
    Number(rowsOf(await t.database.db.execute(sql`select count(*)::int as n from rate_limit_counters where key like ${`${prefix}%`}`))[0]?.n);
  const seed = async (prefix: string, count: number, windowEndsAt: Date): Promise<void> => {
    await t.database.db.execute(sql`insert into rate_limit_counters (key, hits, window_ends_at)
      select ${prefix} || n, 1, ${windowEndsAt.toISOString()}::timestamptz from generate_series(1, ${count}) as n`);
  };

  it("deletes expired counters in bounded batches, never a live one, by the injected clock", async () => {
    const now = t.clock.now();
    // The earlier tests' counters first, so the counts below are this test's own.
    while ((await pruneExpiredCounters(t.database.db, now, 10_000)) > 0);
    await seed("expired-", 2_500, new Date(now.getTime() - 1));
    await seed("ends-now-", 5, now);
    await seed("live-", 10, new Date(now.getTime() + 60_000));
    expect(await pruneExpiredCounters(t.database.db, now, 1_000)).toBe(1_000);
    expect(await counterCount("expired-")).toBe(1_500);
    const pass = startCounterPruning({ db: t.database.db, clock: t.clock, log: t.app.log }, { everyMs: 3_600_000, batch: 1_000, maxBatches: 1 });
    try {
      await expect.poll(() => counterCount("expired-"), { timeout: 20_000, interval: 100 }).toBe(500);
      // A pass stops after its batches: the rest waits for the next one.
      expect(await pass.runOnce()).toBe(500 + 5);
      expect(await counterCount("expired-")).toBe(0);
      expect(await counterCount("ends-now-")).toBe(0);
      expect(await counterCount("live-")).toBe(10);
      t.clock.advance(60_000);
      expect(await pass.runOnce()).toBeGreaterThanOrEqual(10);
      expect(await counterCount("live-")).toBe(0);
    } finally {
      await pass.stop();
    }
  });

  it("runs the pass while the app listens, and stops it when the app closes", async () => {
    const app = await createTestApp(driver);
    try {
      const expiredAt = new Date(app.clock.now().getTime() - 1000);
      await app.database.db.execute(sql`insert into rate_limit_counters (key, hits, window_ends_at)
        select 'listening-' || n, 1, ${expiredAt.toISOString()}::timestamptz from generate_series(1, 50) as n`);
      const left = async () =>
        Number(rowsOf(await app.database.db.execute(sql`select count(*)::int as n from rate_limit_counters where key like 'listening-%'`))[0]?.n);
      // Without listening (every other test's app) nothing runs.
      expect(await left()).toBe(50);
      await app.app.listen({ host: "127.0.0.1", port: 0 });
      await expect.poll(left, { timeout: 20_000, interval: 100 }).toBe(0);
    } finally {
      await app.close();
    }
  }, 120_000);
});
