import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { countOutboxMessages } from "../outbox/outbox-store.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";

const email = { channel: "email", to: "someone@demo.test", subject: "Hello", body: "Test" };

describe.each(TEST_DRIVERS)("the API key (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it.each([
    ["missing", {}],
    ["wrong", { "x-api-key": "not-the-key" }],
    ["differently cased", { "x-api-key": "DEV-PORTAL-API-KEY" }],
  ])("a %s key is refused with 401 and the catalogue body, and changes nothing", async (_, headers) => {
    const before = await countOutboxMessages(t.database.db);
    const response = await t.app.inject({ method: "POST", url: "/api/dev/outbox", headers, payload: email });
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body).toEqual({ code: "ERROR_001", message: "An error occurred", detail: null, id: response.headers["x-request-id"] ?? body.id });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countOutboxMessages(t.database.db)).toBe(before);
  });

  it("lets the right key through", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/dev/outbox", headers: API_KEY_HEADER, payload: email });
    expect(response.statusCode).toBe(201);
  });

  it("guards unknown /api paths too, so probing without a key learns nothing", async () => {
    const response = await t.app.inject({ url: "/api/patients/" });
    expect(response.statusCode).toBe(401);
  });

  it("guards a route reached through a percent-encoded path", async () => {
    const response = await t.app.inject({ method: "POST", url: "/%61pi/dev/outbox", payload: email });
    expect(response.statusCode).toBe(401);
  });

  it.each(["/api/health", "/api/media/audio/response-01.wav", "/api/content/naming/easy.json"])(
    "%s is open without a key",
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
    },
  );

  it.each(["/api/dev/outbox?to=a@demo.test", "/api/openapi.json"])("%s needs the key", async (url) => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: API_KEY_HEADER })).statusCode).toBe(200);
  });
});
