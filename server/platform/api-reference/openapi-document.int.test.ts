import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isApiPath } from "../../http/route-access.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER, TEST_ROUTE_DOC, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { type OpenApiDocument, openApiPath } from "./index.ts";

type Operation = {
  summary: string;
  "x-tenant-scope": string;
  security: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: { "application/json": { schema: { type?: string; properties?: Record<string, unknown> } } } };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
};

describe.each(TEST_DRIVERS)("the API reference on %s", (driver) => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      // A route added the way later features add theirs: it must appear with no other work.
      extraRoutes: (app) => app.get("/api/test/newcomer/:id/", { config: { access: { resource: "patient", action: "retrieve" }, doc: TEST_ROUTE_DOC } }, async () => ({})),
    });
    const response = await t.app.inject({ url: "/api/openapi.json", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(200);
    document = response.json() as OpenApiDocument;
  });
  afterAll(() => t?.close());

  const operation = (method: string, path: string): Operation => {
    const found = document.paths[path]?.[method] as Operation | undefined;
    if (found === undefined) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  it("is OpenAPI 3.1 and holds every registered /api route, the test-only one included", () => {
    expect(document.openapi).toBe("3.1.0");
    const registered = t.app.registeredRoutes.filter((route) => isApiPath(route.url) && route.method !== "HEAD");
    expect(registered.length).toBeGreaterThan(25);
    const missing = registered.filter((route) => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] === undefined);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(operation("get", "/api/test/newcomer/{id}/").summary).toBe(TEST_ROUTE_DOC.summary);
  });

  it("describes a sign-in step: its body from the effect schema, the pre-auth token, and its catalogue errors", () => {
    const verify = operation("post", "/api/authentication/totp/verify/");
    expect(verify.security).toEqual([{ apiKey: [], preAuthToken: [] }]);
    expect(Object.keys(verify.requestBody?.content["application/json"].schema.properties ?? {})).toEqual(["mfa_option", "otp_code"]);
    expect(verify.responses["400"]?.description).toContain("ERROR_019: The OTP code is invalid");
    expect(verify.responses["429"]?.description).toContain("ERROR_012");
    expect(verify.responses["200"]?.content?.["application/json"]).toBeDefined();
    expect(verify["x-tenant-scope"]).toBe("caller");
  });

  it("describes versioned writes: If-Match, the 412 of a stale version, and the ETag of the answer (docs/api.md, \"Versions and concurrent edits\")", () => {
    for (const [method, path] of [
      ["patch", "/api/patients/{id}/"],
      ["put", "/api/patients/{id}/activate/"],
      ["patch", "/api/attempt/{id}/"],
      ["patch", "/api/attempt-notes/{id}/"],
      ["put", "/api/exercise-templates/{id}/"],
      ["patch", "/api/users/me/"],
    ] as const) {
      const write = operation(method, path);
      expect(write.parameters?.find((p) => p.name === "If-Match"), `${method} ${path}`).toMatchObject({ in: "header", required: false });
      expect(write.responses["412"]?.description, `${method} ${path}`).toContain("ERROR_056");
      expect(write.responses["200"]?.headers?.ETag, `${method} ${path}`).toBeDefined();
    }
    expect(operation("get", "/api/patients/{id}/").responses["200"]?.headers?.ETag).toBeDefined();
    // A read takes no If-Match.
    expect(operation("get", "/api/patients/{id}/").parameters?.some((p) => p.name === "If-Match")).toBe(false);
  });

  it("describes a protected list: its query parameters, Bearer, 403 and its tenant scope", () => {
    const dashboard = operation("get", "/api/patients/dashboard/");
    expect(dashboard.security).toEqual([{ apiKey: [], bearer: [] }]);
    expect(dashboard.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ["page", "query", false],
      ["page_size", "query", false],
      ["search", "query", false],
    ]);
    expect(Object.keys(dashboard.responses)).toEqual(expect.arrayContaining(["200", "401", "403"]));
    expect(dashboard["x-tenant-scope"]).toBe("assigned-patients");
    expect(operation("get", "/api/users/{id}/").parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
  });

  it("resolves every $ref inside the document", () => {
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(document.components.schemas, name).toHaveProperty(name);
  });

  it("needs the API key, as every other call does, and refuses without it with the catalogued 401", async () => {
    const response = await t.app.inject({ url: "/api/openapi.json" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "ERROR_001", detail: null });
  });

  it("answers the same bytes under a strong ETag, and 304 with no body to a client that holds them", async () => {
    const first = await t.app.inject({ url: "/api/openapi.json", headers: API_KEY_HEADER });
    const second = await t.app.inject({ url: "/api/openapi.json", headers: API_KEY_HEADER });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);
    expect(first.json()).toEqual(document);
    const revalidated = await t.app.inject({ url: "/api/openapi.json", headers: { ...API_KEY_HEADER, "if-none-match": String(etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(etag);
    const listed = await t.app.inject({ url: "/api/openapi.json", headers: { ...API_KEY_HEADER, "if-none-match": `"stale", W/${String(etag)}` } });
    expect(listed.statusCode).toBe(304);
    const stale = await t.app.inject({ url: "/api/openapi.json", headers: { ...API_KEY_HEADER, "if-none-match": '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(document);
  });

  it("goes out compressed by Accept-Encoding, each encoding under its own tag, and decompresses to the same document", async () => {
    const plain = await t.app.inject({ url: "/api/openapi.json", headers: API_KEY_HEADER });
    const br = await t.app.inject({ url: "/api/openapi.json", headers: { ...API_KEY_HEADER, "accept-encoding": "gzip, br" } });
    const gzip = await t.app.inject({ url: "/api/openapi.json", headers: { ...API_KEY_HEADER, "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(document);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString("utf8"))).toEqual(document);
    // The figure docs/api.md quotes.
    console.log(`openapi.json: ${plain.rawPayload.length} bytes, brotli ${br.rawPayload.length}, gzip ${gzip.rawPayload.length}`);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const revalidated = await t.app.inject({ url: "/api/openapi.json", headers: { ...API_KEY_HEADER, "accept-encoding": "br", "if-none-match": String(br.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it("is browsable in development as an accessible page", async () => {
    const page = await t.app.inject({ url: "/api/docs", headers: { accept: "text/html", ...API_KEY_HEADER } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("<h1>API reference</h1>");
    expect(page.body).toContain("POST /api/authentication/totp/verify/");
  });
});

describe("the API reference in production", () => {
  it("serves the document with the API key only, and not the development page", async () => {
    const t = await createTestApp("pglite", { config: { nodeEnv: "production", isProduction: true } });
    try {
      const refused = await t.app.inject({ url: "/api/openapi.json" });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: "ERROR_001", detail: null });
      expect((await t.app.inject({ url: "/api/openapi.json", headers: { "x-api-key": "not-the-key" } })).statusCode).toBe(401);
      expect((await t.app.inject({ url: "/api/openapi.json", headers: API_KEY_HEADER })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/api/docs", headers: API_KEY_HEADER })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
