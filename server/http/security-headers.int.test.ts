import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { APP_SCRIPT_URL, builtClient, ICON_URL } from "./built-client.test-helper.ts";
import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { CONTENT_SECURITY_POLICY, DOCUMENT_ONLY_HEADERS, HSTS_HEADER } from "./security-headers.ts";

// What @fastify/helmet itself sends, per request, for the portal's options: the headers the app
// sets once taken must be these, name for name and value for value (issue 36).
const helmetReference = async (hsts: boolean): Promise<Record<string, unknown>> => {
  const reference = Fastify({ logger: false });
  await reference.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  reference.get("/", async () => "plain");
  const bare = Fastify({ logger: false });
  bare.get("/", async () => "plain");
  const [withHelmet, without] = [await reference.inject({ url: "/" }), await bare.inject({ url: "/" })];
  await Promise.all([reference.close(), bare.close()]);
  return Object.fromEntries(Object.entries(withHelmet.headers).filter(([name]) => !(name in without.headers)));
};

describe.each(TEST_DRIVERS)("headers and the client (%s)", (driver) => {
  let t: TestApp;
  let unbuilt: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { distDir: await builtClient() });
    unbuilt = await createTestApp("pglite", { distDir: path.join(tmpdir(), "portal-no-such-dist") });
    https = await createTestApp("pglite", { distDir: await builtClient(), config: { publicUrl: "https://portal.example.test", hsts: true } });
    // Three apps: generous on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await unbuilt?.close();
    await https?.close();
  });

  it("sends a strict Content-Security-Policy and the other security headers", async () => {
    const response = await t.app.inject({ url: "/", headers: { accept: "text/html" } });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it.each([
    ["the shell", "/", { accept: "text/html" }],
    ["an API answer", "/api/health", {}],
    ["an API refusal", "/api/patients/", {}],
    ["an unknown API path", "/api/nothing-here", API_KEY_HEADER],
    ["the SVG icon (a document when opened)", ICON_URL, {}],
    ["a navigation to a missing script (the shell)", "/assets/missing-1234.js", { accept: "text/html" }],
    ["a missing script", "/assets/missing-1234.js", {}],
  ])("sends on %s exactly the headers @fastify/helmet sends, taken once", async (_, url, headers) => {
    for (const [app, hsts] of [
      [t, false],
      [https, true],
    ] as const) {
      const expected = await helmetReference(hsts);
      expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
      const response = await app.app.inject({ url, headers });
      for (const [name, value] of Object.entries(expected)) expect([name, response.headers[name]]).toEqual([name, value]);
    }
  });

  // Issue 35: a script or style sheet is never a document; the page's own headers govern it.
  it.each([
    ["as it is", {}],
    ["in brotli", { "accept-encoding": "br" }],
    ["in gzip", { "accept-encoding": "gzip" }],
  ])("sends a hashed script %s with the headers a subresource needs and none of those that act only on a document", async (_, headers) => {
    for (const [app, hsts] of [
      [t, false],
      [https, true],
    ] as const) {
      const expected = await helmetReference(hsts);
      const response = await app.app.inject({ url: APP_SCRIPT_URL, headers });
      expect(response.statusCode).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS) expect([name, response.headers[name]]).toEqual([name, undefined]);
      const kept = Object.keys(expected).filter((name) => !DOCUMENT_ONLY_HEADERS.includes(name));
      expect(kept).toEqual(expect.arrayContaining(["x-content-type-options", "cross-origin-resource-policy", "referrer-policy", ...(hsts ? ["strict-transport-security"] : [])]));
      for (const name of kept) expect([name, response.headers[name]]).toEqual([name, expected[name]]);
    }
  });

  it.each(["/", "/api/health", "/assets/app-1234.js"])("asks for HTTPS only (HSTS) on %s where the portal says it is served over HTTPS", async (url) => {
    const response = await https.app.inject({ url, headers: { accept: "text/html" } });
    expect(response.headers["strict-transport-security"]).toBe(HSTS_HEADER);
  });

  it.each(["/", "/api/health", "/assets/app-1234.js"])("never sends HSTS on %s from a plain-http portal", async (url) => {
    const response = await t.app.inject({ url, headers: { accept: "text/html" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it.each([
    ["a success", "/api/health", {}],
    ["a failure", "/api/nothing-here", API_KEY_HEADER],
    ["a refusal", "/api/nothing-here", {}],
    ["media", "/api/media/audio/response-02.wav", {}],
  ])("marks %s under /api as no-store", async (_, url, headers) => {
    const response = await t.app.inject({ url, headers });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("serves the client shell for any browser navigation (history fallback)", async () => {
    for (const url of ["/", "/patients", "/details-panel/patient/4/level/2"]) {
      const response = await t.app.inject({ url, headers: { accept: "text/html,application/xhtml+xml" } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<title>Portal</title>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches hashed assets for a year", async () => {
    const response = await t.app.inject({ url: "/assets/app-1234.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not answer API paths or non-HTML requests with the shell", async () => {
    expect((await t.app.inject({ url: "/api/patients", headers: { ...API_KEY_HEADER, accept: "text/html" } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/missing.js", headers: { accept: "*/*" } })).statusCode).toBe(404);
  });

  it("explains how to build the client when dist/ is missing", async () => {
    const response = await unbuilt.app.inject({ url: "/patients", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("npm run build");
  });
});
