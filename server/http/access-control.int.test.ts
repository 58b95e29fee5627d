import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Schema from "effect/Schema";
import { InstitutionId, UserId } from "../../domain/shared/ids.ts";
import { normaliseRoleCode } from "../../domain/shared/roles.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp, TEST_ROUTE_DOC } from "../test-app.test-helper.ts";
import type { Authenticator } from "./principal.ts";

/** A stand-in for sign-in: the test names the role in a header. */
const headerAuthenticator: Authenticator = async (request) => {
  const header = request.headers["x-test-role"];
  const role = typeof header === "string" ? normaliseRoleCode(header) : undefined;
  if (role === undefined) return undefined;
  return { userId: Schema.decodeSync(UserId)(7), role, institutionId: Schema.decodeSync(InstitutionId)(1), sessionId: "test-session" };
};

describe.each(TEST_DRIVERS)("access control (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      authenticator: headerAuthenticator,
      extraRoutes: (app) => {
        app.get("/api/test/patients", { config: { doc: TEST_ROUTE_DOC, access: { resource: "patient", action: "list" } } }, async (request) => ({
          principal: request.principal,
        }));
        app.post("/api/test/patients", { config: { doc: TEST_ROUTE_DOC, access: { resource: "patient", action: "create" } } }, async () => ({ created: true }));
      },
    });
  });
  afterAll(() => t.close());

  it("answers 401 when nobody is signed in", async () => {
    const response = await t.app.inject({ url: "/api/test/patients", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "ERROR_001", detail: null });
  });

  it("answers 403 when the role does not hold the action (the super admin sees no patients)", async () => {
    const response = await t.app.inject({ url: "/api/test/patients", headers: { ...API_KEY_HEADER, "x-test-role": "super_admin" } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "ERROR_001" });
  });

  it("answers a refused create with ERROR_075", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/test/patients", headers: { ...API_KEY_HEADER, "x-test-role": "staff" } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "ERROR_075", message: "You do not have permission to create this element" });
  });

  it("lets a permitted role through and hands the principal to the handler", async () => {
    const response = await t.app.inject({ url: "/api/test/patients", headers: { ...API_KEY_HEADER, "x-test-role": "staff" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ principal: { userId: 7, role: "staff", institutionId: 1, sessionId: "test-session" } });
  });

  it("checks the API key before anything else", async () => {
    const response = await t.app.inject({ url: "/api/test/patients", headers: { "x-test-role": "staff" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("with the real authenticator", () => {
  it("treats a caller without a Bearer access token as signed out", async () => {
    const t = await createTestApp("pglite", {
      extraRoutes: (app) => {
        app.get("/api/test/staff", { config: { doc: TEST_ROUTE_DOC, access: { resource: "staff", action: "list" } } }, async () => ({}));
      },
    });
    const response = await t.app.inject({ url: "/api/test/staff", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(401);
    await t.close();
  });
});
