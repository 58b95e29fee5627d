import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "./config.ts";
import { TEST_DRIVERS } from "./db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "./test-app.test-helper.ts";

// /api/dev/outbox allows 30 calls a minute per client address (IP_LIMITS); the 31st answers 429.
const LIMIT = 30;

const sendFrom = (t: TestApp, forwardedFor: string, remoteAddress = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/dev/outbox",
    remoteAddress,
    headers: { ...API_KEY_HEADER, "x-forwarded-for": forwardedFor },
    payload: { channel: "sms", to: "+12025550143", body: "hi" },
  });

const exhaust = async (t: TestApp, forwardedFor: string, remoteAddress?: string): Promise<void> => {
  for (let i = 0; i < LIMIT; i += 1) expect((await sendFrom(t, forwardedFor, remoteAddress)).statusCode).toBe(201);
  expect((await sendFrom(t, forwardedFor, remoteAddress)).statusCode).toBe(429);
};

describe.each(TEST_DRIVERS)("TRUST_PROXY and rate-limit buckets (%s)", (driver) => {
  let t: TestApp | undefined;
  const start = async (trustProxy: Config["trustProxy"]): Promise<TestApp> => {
    // The outbox open to every caller (DEV_OUTBOX=true): by default only callers on this machine,
    // not forwarded by a proxy, find it (dev-outbox.int.test.ts), and these calls come through one.
    t = await createTestApp(driver, { config: { trustProxy, devOutbox: "everyone" } });
    return t;
  };
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("ignores X-Forwarded-For by default: a client cannot leave its bucket by naming another address", async () => {
    const app = await start(false);
    await exhaust(app, "203.0.113.1");
    expect((await sendFrom(app, "203.0.113.2")).statusCode).toBe(429);
  }, 60_000);

  it("gives two clients behind a trusted proxy separate buckets", async () => {
    const app = await start(["127.0.0.1"]);
    await exhaust(app, "203.0.113.1");
    expect((await sendFrom(app, "203.0.113.2")).statusCode).toBe(201);
  }, 60_000);

  it("ignores X-Forwarded-For from a peer that is not a listed proxy", async () => {
    const app = await start(["10.0.0.0/8"]);
    await exhaust(app, "203.0.113.1", "192.0.2.9");
    expect((await sendFrom(app, "203.0.113.2", "192.0.2.9")).statusCode).toBe(429);
    // The listed proxy's clients still count apart from that peer.
    expect((await sendFrom(app, "203.0.113.1", "10.1.2.3")).statusCode).toBe(201);
  }, 60_000);
});
