import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { manualClock } from "../clock.ts";
import { testConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createTestDatabase } from "../db/test-database.ts";
import { type RouteAccess, isApiPath, isPreAuth, isProtected, isRouteAccess, isSignedIn } from "./route-access.ts";
import { TEST_ROUTE_DOC } from "../test-app.test-helper.ts";

const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterAll(() => database.close());

describe.each([
  ["development", testConfig()],
  ["production", testConfig({ nodeEnv: "production", isProduction: true })],
])("the route registry (%s)", (_, config) => {
  it("declares an access rule on every /api route", async () => {
    const app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    const apiRoutes = app.registeredRoutes.filter((route) => isApiPath(route.url));
    expect(apiRoutes.length).toBeGreaterThan(3);
    const undeclared = apiRoutes.filter((route) => !isRouteAccess(route.access)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    await app.close();
  });

  it("opens every handler that acts for someone with openRoute (principal, decode, scope and audit written once), the public sign-in calls too", async () => {
    const app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    // The public authentication calls act for whoever their credentials, address or token name
    // (login_web, forgot_password, reset_password and its check, refresh, logout).
    const signInCall = (url: string): boolean => url.startsWith("/api/authentication/");
    const actsForSomeone = app.registeredRoutes.filter(
      (route) => isApiPath(route.url) && route.access !== undefined && (isProtected(route.access) || isPreAuth(route.access) || isSignedIn(route.access) || signInCall(route.url)),
    );
    expect(actsForSomeone.filter((route) => signInCall(route.url) && route.access !== undefined && "public" in route.access)).toHaveLength(6);
    expect(actsForSomeone.length).toBeGreaterThan(10);
    const unopened = actsForSomeone.filter((route) => !route.opened).map((route) => `${route.method} ${route.url}`);
    expect(unopened).toEqual([]);
    await app.close();
  });

  it("registers every API call from its endpoint declaration, but the platform's own routes that no client calls", async () => {
    const app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    const PLATFORM = /^\/api\/(health|openapi\.json|docs|dev\/|media\/|content\/)/;
    const apiRoutes = app.registeredRoutes.filter((route) => isApiPath(route.url) && route.method !== "HEAD");
    expect(apiRoutes.filter((route) => route.declared).length).toBeGreaterThan(45);
    const undeclared = apiRoutes.filter((route) => !route.declared && !PLATFORM.test(route.url)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    await app.close();
  });

  const CHAT_WITHOUT_JSON_BODY = new Set(["POST /api/slp-chat/attachments/", "PUT /api/slp-chat/patients/:id/thread/"]);

  it("has every route that takes a body declare what it decodes (the text fuzzer reads it), but the Basic sign-in", async () => {
    const app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    const undeclared = app.registeredRoutes
      // The chat's attachment upload reads raw bytes (checked by attachmentKindOf, never as text); its patient thread PUT reads no body.
      .filter((route) => ["POST", "PUT", "PATCH"].includes(route.method) && !route.url.endsWith("/login_web/") && !CHAT_WITHOUT_JSON_BODY.has(`${route.method} ${route.url}`))
      .filter((route) => !route.decodes.some((decoder) => decoder.part === "body"))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    await app.close();
  });

  it("lets only the sign-in steps take the pre-authentication token, and the user record any full session", async () => {
    const app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    const kindOf = (access: RouteAccess | undefined): string =>
      access === undefined ? "none" : isPreAuth(access) ? "preAuth" : isSignedIn(access) ? "signedIn" : isProtected(access) ? "permission" : "public";
    const declared = Object.fromEntries(
      app.registeredRoutes
        .filter((route) => route.url.startsWith("/api/authentication/") || route.url.startsWith("/api/users/"))
        .filter((route) => route.method !== "HEAD")
        .map((route) => [`${route.method} ${route.url}`, kindOf(route.access)]),
    );
    expect(declared).toEqual({
      "POST /api/authentication/login_web/": "public",
      "POST /api/authentication/forgot_password/": "public",
      "POST /api/authentication/reset_password/": "public",
      "POST /api/authentication/reset_password/check/": "public",
      "POST /api/authentication/refresh/": "public",
      "POST /api/authentication/logout/": "public",
      "POST /api/authentication/change_pwd/": "preAuth",
      "POST /api/authentication/totp/create_mfa/": "preAuth",
      "GET /api/authentication/totp/qr/": "preAuth",
      "POST /api/authentication/totp/re_send/": "preAuth",
      "POST /api/authentication/totp/verify/": "preAuth",
      "GET /api/users/me/": "signedIn",
      "GET /api/users/:id/": "signedIn",
      "PATCH /api/users/me/": "signedIn",
      "POST /api/users/me/change_password/": "signedIn",
      "POST /api/users/me/mfa/send_code/": "signedIn",
      "POST /api/users/me/mfa/": "signedIn",
      "POST /api/users/me/mfa/re_send/": "signedIn",
      "POST /api/users/me/mfa/confirm/": "signedIn",
      "PUT /api/users/me/mfa/default/": "signedIn",
      "POST /api/users/me/mfa/remove/": "signedIn",
    });
    // Every public authentication route still needs the API key.
    for (const route of app.registeredRoutes.filter((r) => r.url.startsWith("/api/authentication/"))) {
      expect(route.access && "public" in route.access ? route.access.apiKey : undefined).toBeUndefined();
    }
    await app.close();
  });
});

const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Every handler file of the server's features (tests aside), as [path from server/, text]. */
const featureSources = (): Array<[string, string]> =>
  readdirSync(path.join(SERVER, "features"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".test-helper.ts"))
    .map((file) => [path.join("features", file), readFileSync(path.join(SERVER, "features", file), "utf8")]);

/**
 * What only the opening may do (open-route.ts, endpoint-route.ts): decode a request part, and
 * write an audit row (openRoute's `audit`, `auditEach`, `refuse` and `trail` are the handler's).
 */
const OPENING_ONLY = ["decodeRequest(", "decodeStrict(", "auditAuth(", "authTrailOf(", "recordAudit(", "recordAuditForEach("];

describe("handlers neither decode nor audit by themselves", () => {
  it("finds no decoder and no audit writer called in server/features/ but through the opening", () => {
    const found = featureSources()
      .flatMap(([file, text]) => OPENING_ONLY.filter((call) => text.includes(call)).map((call) => `${file}: ${call}`));
    expect(found).toEqual([]);
  });
});

describe("declaring access", () => {
  it("refuses to register an /api route without an access rule", async () => {
    const app = await buildApp({ config: testConfig(), db: database.db, clock });
    expect(() => app.get("/api/unguarded", async () => ({}))).toThrow(/declares no valid access rule/);
    await app.close();
  });

  it.each([
    { public: false },
    { resource: "patient" },
    { resource: "patients", action: "list" },
    { resource: "patient", action: "read" },
    { public: true, resource: "patient", action: "list" },
    { public: true, apiKey: "optional" },
    { preAuth: false },
    { preAuth: true, resource: "patient", action: "list" },
    { signedIn: "yes" },
    { signedIn: true, public: true },
  ])("refuses the malformed rule %o", async (access) => {
    const app = await buildApp({ config: testConfig(), db: database.db, clock });
    expect(() => app.get("/api/odd", { config: { doc: TEST_ROUTE_DOC, access: access as never } }, async () => ({}))).toThrow();
    await app.close();
  });

  it.each([
    ["no doc", undefined],
    ["no summary", { scope: "none", errors: {} }],
    ["an unknown tenant scope", { summary: "x", scope: "everyone", errors: {} }],
    ["a code outside the catalogue", { summary: "x", scope: "none", errors: { 400: ["ERROR_999"] } }],
  ])("refuses an /api route with %s (the API reference and the access matrix read it)", async (_name, doc) => {
    const app = await buildApp({ config: testConfig(), db: database.db, clock });
    expect(() => app.get("/api/undocumented", { config: { access: { public: true }, doc: doc as never } }, async () => ({}))).toThrow(
      /declares no valid config.doc/,
    );
    await app.close();
  });

  it("lets non-API routes (the client, dev pages) go undeclared", async () => {
    const app = await buildApp({ config: testConfig(), db: database.db, clock });
    expect(() => app.get("/some-page", async () => "ok")).not.toThrow();
    await app.close();
  });
});
