import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/shared/error-catalogue.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { countOutboxMessages } from "../outbox/outbox-store.ts";
import { API_KEY_HEADER, type TestApp, createTestApp, TEST_ROUTE_DOC } from "../test-app.test-helper.ts";

const json = { ...API_KEY_HEADER, "content-type": "application/json" };

/** A failure body is exactly the catalogue's four keys and never leaks internals. */
const expectCatalogueBody = (raw: string): { code: string; detail: unknown } => {
  const body = JSON.parse(raw) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "detail", "id", "message"]);
  expect(ERROR_CODES).toContain(body.code);
  expect(raw).not.toMatch(/\bat .+\.(ts|js):\d+|stack|select |insert into|relation "|syntax error at|FST_|node_modules/i);
  return { code: String(body.code), detail: body.detail };
};

describe.each(TEST_DRIVERS)("bad requests (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      extraRoutes: (app) => {
        app.get("/api/test/explode", { config: { doc: TEST_ROUTE_DOC, access: { public: true } } }, async () => {
          throw new Error('relation "secret_table" does not exist: select * from secret_table');
        });
      },
    });
  });
  afterAll(() => t.close());

  it.each([
    ["malformed JSON", { headers: json, payload: '{"channel": "email",' }, 400, "ERROR_001"],
    ["an empty JSON body", { headers: json, payload: "" }, 400, "ERROR_001"],
    ["a text/plain body", { headers: { ...API_KEY_HEADER, "content-type": "text/plain" }, payload: "hello" }, 400, "ERROR_001"],
    ["an XML body", { headers: { ...API_KEY_HEADER, "content-type": "application/xml" }, payload: "<a/>" }, 400, "ERROR_001"],
    ["a JSON array", { headers: json, payload: "[]" }, 400, "ERROR_056"],
    ["a wrong type", { headers: json, payload: JSON.stringify({ channel: "email", to: 42, body: "x" }) }, 400, "ERROR_056"],
    ["an unknown field", { headers: json, payload: JSON.stringify({ channel: "email", to: "a@demo.test", body: "x", admin: true }) }, 400, "ERROR_056"],
    ["an unknown choice", { headers: json, payload: JSON.stringify({ channel: "fax", to: "a@demo.test", body: "x" }) }, 400, "ERROR_056"],
    ["a prototype-poisoning body", { headers: json, payload: '{"__proto__": {"isAdmin": true}, "channel": "email"}' }, 400, "ERROR_001"],
    ["a body over 1 MiB", { headers: json, payload: JSON.stringify({ channel: "email", to: "a@demo.test", body: "x".repeat(1_100_000) }) }, 413, "ERROR_045"],
  ])("%s: catalogue body, nothing changed", async (_, request, status, code) => {
    const before = await countOutboxMessages(t.database.db);
    const response = await t.app.inject({ method: "POST", url: "/api/dev/outbox", ...request });
    expect(response.statusCode).toBe(status);
    expect(expectCatalogueBody(response.body).code).toBe(code);
    expect(await countOutboxMessages(t.database.db)).toBe(before);
  });

  it("names the offending field", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/dev/outbox", headers: json, payload: JSON.stringify({ channel: "email", to: "a@demo.test", body: "x", admin: true }) });
    expect(expectCatalogueBody(response.body).detail).toEqual({ field: "admin" });
  });

  it("answers an unknown API route with 404 ERROR_030", async () => {
    const response = await t.app.inject({ url: "/api/no/such/call", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "ERROR_030", message: "The requested resource was not found" });
  });

  it("answers a malformed query with 400", async () => {
    const response = await t.app.inject({ url: "/api/dev/outbox?to=a@demo.test&limit=many", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(400);
    expect(expectCatalogueBody(response.body)).toEqual({ code: "ERROR_056", detail: { field: "limit" } });
  });

  it("answers an unexpected error with 500 ERROR_001, no details, and logs it under the request id", async () => {
    const response = await t.app.inject({ url: "/api/test/explode", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ id: string }>();
    expect(body).toEqual({ code: "ERROR_001", message: "An error occurred", detail: null, id: body.id });
    expect(response.body).not.toContain("secret_table");
    const logged = t.logs.find((line) => line.reqId === body.id && line.level === 50) as { err?: Record<string, unknown> } | undefined;
    // Logged by class and stack frames; the message stays out, since messages may quote data.
    expect(logged?.err).toMatchObject({ type: "Error", stack: expect.stringContaining("request-errors.int.test.ts") });
    expect(JSON.stringify(logged)).not.toContain("secret_table");
  });
});
