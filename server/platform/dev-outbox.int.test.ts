import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";

describe.each(TEST_DRIVERS)("the development outbox (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/dev/outbox", headers: API_KEY_HEADER, payload });

  it("keeps sent e-mail and SMS and lists the newest first for one address, whatever its case", async () => {
    expect((await send({ channel: "email", to: "Reader@Demo.test", subject: "First", body: "Your code is 111111" })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await send({ channel: "email", to: "someone.else@demo.test", body: "Not for the reader" })).statusCode).toBe(201);
    t.clock.advance(1000);
    const second = await send({ channel: "email", to: "reader@demo.test", subject: "Second", body: "Your code is 222222" });
    expect(second.json()).toMatchObject({ channel: "email", to: "reader@demo.test", subject: "Second", sent_at: null, created_at: "2026-03-01T12:00:02.000Z" });

    const list = await t.app.inject({ url: "/api/dev/outbox?to=READER@demo.test", headers: API_KEY_HEADER });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ count: number; results: Array<{ subject: string; body: string }> }>();
    expect(body.count).toBe(2);
    expect(body.results.map((m) => m.subject)).toEqual(["Second", "First"]);
  });

  it("refuses a read without the API key with the catalogued 401, as every other /api call", async () => {
    await send({ channel: "email", to: "keyless@demo.test", body: "Your code is 444444" });
    for (const headers of [{}, { "x-api-key": "not-the-key" }]) {
      const response = await t.app.inject({ url: "/api/dev/outbox?to=keyless@demo.test", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "ERROR_001", detail: null });
      expect(response.body).not.toContain("444444");
    }
    // The page stays open outside production: a person reads their code in the browser.
    const page = await t.app.inject({ url: "/dev/outbox?to=keyless@demo.test" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("444444");
  });

  it("normalises SMS numbers to E.164 and refuses invalid ones with the catalogue code", async () => {
    const ok = await send({ channel: "sms", to: "(202) 555-0143", body: "Code 333333" });
    expect(ok.json()).toMatchObject({ channel: "sms", to: "+12025550143" });
    const bad = await send({ channel: "sms", to: "call me maybe", body: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "ERROR_002", detail: { field: "to" } });
  });

  it("limits how many messages a query returns", async () => {
    for (let i = 0; i < 3; i += 1) await send({ channel: "email", to: "many@demo.test", body: `message ${i}` });
    const list = await t.app.inject({ url: "/api/dev/outbox?to=many@demo.test&limit=2", headers: API_KEY_HEADER });
    expect(list.json<{ results: unknown[] }>().results).toHaveLength(2);
  });

  it("shows an accessible HTML page, escaping what it prints", async () => {
    await send({ channel: "email", to: "html@demo.test", subject: "<script>alert(1)</script>", body: "a & b" });
    const page = await t.app.inject({ url: "/dev/outbox?to=html@demo.test" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toMatch(/<html lang="en">/);
    expect(page.body).toMatch(/<title>[^<]+<\/title>/);
    expect(page.body).toContain("<main>");
    expect(page.body).toMatch(/<h1>Development outbox<\/h1>/);
    expect(page.body).toContain('<th scope="col">To</th>');
    expect(page.body).toContain('<label for="to">');
    expect(page.body).not.toContain("<script>");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("in production", () => {
  it("does not register the outbox routes at all", async () => {
    const t = await createTestApp("pglite", { config: { nodeEnv: "production", isProduction: true } });
    expect(t.app.registeredRoutes.some((route) => route.url.includes("/dev/"))).toBe(false);
    expect((await t.app.inject({ url: "/api/dev/outbox?to=a@demo.test", headers: API_KEY_HEADER })).statusCode).toBe(404);
    const send = await t.app.inject({ method: "POST", url: "/api/dev/outbox", headers: API_KEY_HEADER, payload: { channel: "email", to: "a@demo.test", body: "x" } });
    expect(send.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/dev/outbox" })).statusCode).toBe(404);
    await t.close();
  });
});

// Issue 31 item 7: the outbox hands out every sign-in code, so a server that forgot
// NODE_ENV=production must not give it to anyone who is not on the machine.
// Each test builds its own app (the last one two), so each gets 120 s on a busy machine.
const OWN_APP_TIMEOUT = 120_000;

describe("who reaches the development outbox", () => {
  const configFrom = (env: Record<string, string>) => {
    const loaded = loadConfig(env);
    if (!loaded.ok) throw new Error(loaded.problems.join("; "));
    return { host: loaded.config.host, devOutbox: loaded.config.devOutbox, nodeEnv: loaded.config.nodeEnv, isProduction: loaded.config.isProduction };
  };
  const calls = [
    { url: "/api/dev/outbox?to=reader@demo.test", headers: API_KEY_HEADER },
    { url: "/dev/outbox?to=reader@demo.test", headers: {} },
  ] as const;
  // A path that does not exist, asked the same way: the outbox must answer exactly like it.
  const expectLikeNoRoute = async (t: TestApp, remoteAddress: string) => {
    for (const headers of [API_KEY_HEADER, {}]) {
      const missing = await t.app.inject({ url: "/api/dev/nothing-here", headers, remoteAddress });
      const refused = await t.app.inject({ url: "/api/dev/outbox?to=reader@demo.test", headers, remoteAddress });
      expect(refused.statusCode).toBe(missing.statusCode);
      expect(refused.json<{ code: string }>().code).toBe(missing.json<{ code: string }>().code);
      expect(refused.body).not.toContain("987654");
    }
  };
  const send = (t: TestApp, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/dev/outbox", remoteAddress, headers: API_KEY_HEADER, payload: { channel: "email", to: "reader@demo.test", body: "Your code is 987654" } });

  it("does not exist on a development server listening on every interface (HOST=0.0.0.0) without DEV_OUTBOX", async () => {
    const t = await createTestApp("pglite", { config: configFrom({ HOST: "0.0.0.0" }) });
    try {
      expect(t.app.registeredRoutes.some((route) => route.url.includes("/dev/"))).toBe(false);
      for (const remoteAddress of ["127.0.0.1", "203.0.113.9"]) {
        for (const call of calls) expect((await t.app.inject({ ...call, remoteAddress })).statusCode).toBe(404);
        expect((await send(t, remoteAddress)).statusCode).toBe(404);
        await expectLikeNoRoute(t, remoteAddress);
      }
    } finally {
      await t.close();
    }
  }, OWN_APP_TIMEOUT);

  it("answers a caller on this machine when the server listens on loopback (the default, and npm start)", async () => {
    const t = await createTestApp("pglite", { config: configFrom({}) });
    try {
      expect((await send(t, "127.0.0.1")).statusCode).toBe(201);
      const list = await t.app.inject({ url: "/api/dev/outbox?to=reader@demo.test", headers: API_KEY_HEADER, remoteAddress: "127.0.0.1" });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain("987654");
      const page = await t.app.inject({ url: "/dev/outbox?to=reader@demo.test", remoteAddress: "::1" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("987654");
    } finally {
      await t.close();
    }
  }, OWN_APP_TIMEOUT);

  it("is not found by a caller from elsewhere, with or without the key, nor through a proxy on this machine", async () => {
    const t = await createTestApp("pglite", { config: configFrom({}) });
    try {
      expect((await send(t, "127.0.0.1")).statusCode).toBe(201);
      for (const remoteAddress of ["203.0.113.9", "10.0.0.2", "::ffff:192.168.1.5"]) {
        for (const call of calls) {
          const response = await t.app.inject({ ...call, remoteAddress });
          expect(response.statusCode).toBe(404);
          expect(response.body).not.toContain("987654");
        }
        expect((await send(t, remoteAddress)).statusCode).toBe(404);
        await expectLikeNoRoute(t, remoteAddress);
      }
      // A reverse proxy on the machine connects from loopback but speaks for someone elsewhere.
      for (const forwarded of [{ "x-forwarded-for": "203.0.113.9" }, { forwarded: "for=203.0.113.9" }]) {
        const response = await t.app.inject({ url: "/dev/outbox?to=reader@demo.test", remoteAddress: "127.0.0.1", headers: forwarded });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain("987654");
      }
    } finally {
      await t.close();
    }
  }, OWN_APP_TIMEOUT);

  it("is open to any caller only with an explicit DEV_OUTBOX=true", async () => {
    const t = await createTestApp("pglite", { config: configFrom({ HOST: "0.0.0.0", DEV_OUTBOX: "true" }) });
    try {
      expect((await send(t, "203.0.113.9")).statusCode).toBe(201);
      expect((await t.app.inject({ url: "/dev/outbox?to=reader@demo.test", remoteAddress: "203.0.113.9" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, OWN_APP_TIMEOUT);

  it("refuses DEV_OUTBOX=true in production before anything starts", () => {
    const loaded = loadConfig({
      NODE_ENV: "production",
      API_KEY: "k".repeat(40),
      JWT_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://portal.example.test",
      SMTP_URL: "smtp://mail.example.test:587",
      MFA_SECRET_KEY: "ab".repeat(32),
      AUDIT_CHECKPOINT_KEY: "cd".repeat(32),
      DEV_OUTBOX: "true",
    });
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.problems.join(" ")).toContain("DEV_OUTBOX=true is refused in production");
  });

  it("warns loudly at start that the outbox is on, and where; says nothing of it when it is off", async () => {
    const on = await createTestApp("pglite", { config: configFrom({}) });
    const off = await createTestApp("pglite", { config: configFrom({ HOST: "0.0.0.0" }) });
    try {
      const address = await on.app.listen({ host: "127.0.0.1", port: 0 });
      const warning = on.logs.find((line) => line.level === 40 && String(line.msg).startsWith("DEVELOPMENT OUTBOX IS ON"));
      expect(warning?.msg).toContain(`${address}/dev/outbox`);
      expect(warning?.msg).toContain("callers on this machine only");
      await off.app.listen({ host: "127.0.0.1", port: 0 });
      expect(off.logs.some((line) => String(line.msg).includes("OUTBOX"))).toBe(false);
    } finally {
      await on.close();
      await off.close();
    }
  }, OWN_APP_TIMEOUT);
});
