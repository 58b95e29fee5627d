import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { incrementCounter } from "./rate-limit.ts";

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
});
