import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Schema from "effect/Schema";
import { createAccount, preAuthToken, signIn, withBearer, withToken } from "../auth/auth.test-helper.ts";
import { auditEvents } from "../db/schema/audit.ts";
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

  const auditRowsOf = (requestId: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));

  it("audits a refusal of the permission table as denied, once, with the route's permission", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/test/patients", headers: { ...API_KEY_HEADER, "x-test-role": "staff" } });
    const body = response.json<{ id: string }>();
    expect(response.statusCode).toBe(403);
    const rows = await auditRowsOf(body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: 7, institutionId: 1, ip: "127.0.0.1", action: "create", resource: "patient", resourceId: "/api/test/patients", outcome: "denied", reason: "role_lacks_permission" });
  });

  it("leaves no audit row for a 401 with nobody behind it (an anonymous flood cannot fill the trail)", async () => {
    const before = await t.database.db.select().from(auditEvents);
    for (const authorization of [undefined, "Bearer forged", "Token forged", "Basic Og=="]) {
      const response = await t.app.inject({ url: "/api/test/patients", headers: { ...API_KEY_HEADER, ...(authorization === undefined ? {} : { authorization }) } });
      expect(response.statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(auditEvents)).toHaveLength(before.length);
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

describe.each(TEST_DRIVERS)("refusals of real routes (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const auditRowsOf = (requestId: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));

  it(
    "audits each 403 of the permission table once, under the route's own audit target",
    async () => {
      const superAdmin = await createAccount(t, { email: "super@refusals.test", role: "super_admin" });
      const slp = await createAccount(t, { email: "slp@refusals.test", role: "staff" });
      const superHeaders = withBearer((await signIn(t, superAdmin)).access);
      const slpHeaders = withBearer((await signIn(t, slp)).access);
      const cases = [
        { who: superAdmin, headers: superHeaders, method: "GET", url: "/api/patients/", action: "list", resource: "patient" },
        { who: slp, headers: slpHeaders, method: "GET", url: "/api/staff/", action: "list", resource: "staff" },
        { who: slp, headers: slpHeaders, method: "POST", url: "/api/patients/", action: "create", resource: "patient" },
      ] as const;
      for (const refused of cases) {
        const response = await t.app.inject({ method: refused.method, url: refused.url, headers: { ...refused.headers, "content-type": "application/json" }, ...(refused.method === "POST" ? { payload: "{}" } : {}) });
        expect(response.statusCode, `${refused.method} ${refused.url}`).toBe(403);
        const rows = await auditRowsOf(response.json<{ id: string }>().id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          userId: refused.who.id,
          institutionId: refused.who.institutionId,
          ip: "127.0.0.1",
          action: refused.action,
          resource: refused.resource,
          outcome: "denied",
          reason: "role_lacks_permission",
        });
      }
    },
    60_000,
  );

  it(
    "audits a pre-authentication token presented to a signed-in route, with its owner",
    async () => {
      const admin = await createAccount(t, { email: "admin@refusals.test", role: "institution_admin" });
      const response = await t.app.inject({ url: "/api/users/me/", headers: withToken(await preAuthToken(t, admin)) });
      expect(response.statusCode).toBe(401);
      const rows = await auditRowsOf(response.json<{ id: string }>().id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: admin.id, institutionId: admin.institutionId, outcome: "denied", reason: "pre_auth_token" });
    },
    60_000,
  );
});
