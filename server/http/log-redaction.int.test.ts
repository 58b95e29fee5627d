import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp, TEST_ROUTE_DOC } from "../test-app.test-helper.ts";

// Values a person sent that must never reach the log, even when the database quotes them back.
const SENTINEL_EMAIL = "sentinel.zebulon@clinic.test";
const SENTINEL_NAME = "Zebulonia";

describe.each(TEST_DRIVERS)("the log on a failing request (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      extraRoutes: (app) => {
        // A database error that quotes the value it refused (invalid input for an integer), the
        // way a 500 from bad input did, with the value in drizzle's query parameters as well.
        app.post("/api/test/db-error", { config: { doc: TEST_ROUTE_DOC, access: { public: true } } }, async (request) => {
          const { email } = request.body as { email: string };
          await t.database.db.execute(sql`select ${email}::int as n`);
          return {};
        });
      },
    });
  });
  afterAll(() => t.close());

  it("logs the error's class, SQL state, request id and route, but no value of the request", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/test/db-error?search=${SENTINEL_NAME}`,
      headers: API_KEY_HEADER,
      payload: { email: SENTINEL_EMAIL, name: SENTINEL_NAME },
    });
    expect(response.statusCode).toBe(500);
    const id = response.json<{ id: string }>().id;
    const logged = t.logs.find((line) => line.reqId === id && line.level === 50) as { err?: Record<string, unknown> } | undefined;
    expect(logged?.err).toMatchObject({ sqlState: "22P02", stack: expect.stringContaining("at ") });
    expect(t.logs.some((line) => line.reqId === id && JSON.stringify(line).includes("/api/test/db-error"))).toBe(true);
    const everything = JSON.stringify(t.logs);
    expect(everything).not.toContain(SENTINEL_EMAIL);
    expect(everything).not.toContain(SENTINEL_NAME);
  });
});
