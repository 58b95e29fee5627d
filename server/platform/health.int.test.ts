import { describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { createTestApp } from "../test-app.test-helper.ts";

describe.each(TEST_DRIVERS)("GET /api/health (%s)", (driver) => {
  it("answers ok while the database answers, and 503 with the catalogue body once it does not", async () => {
    const t = await createTestApp(driver);
    const ok = await t.app.inject({ url: "/api/health" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "ok" });

    await t.database.close();
    const down = await t.app.inject({ url: "/api/health" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: "ERROR_001", detail: null });
    await t.app.close();
  });
});
