import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
