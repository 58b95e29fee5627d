import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../domain/shared/wire/client-config.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { APP_MAP_URL, APP_SCRIPT, APP_SCRIPT_URL, ICON_URL, builtClient } from "./built-client.test-helper.ts";
import { COMPRESSION_THRESHOLD_BYTES } from "./response-compression.ts";

const RUNTIME_API_KEY = "runtime-key-of-this-deployment-0123456789";

/** The body as the browser reads it, after undoing Content-Encoding. */
const decoded = (response: LightMyRequestResponse): string => {
  const raw = response.rawPayload;
  switch (response.headers["content-encoding"]) {
    case "br":
      return brotliDecompressSync(raw).toString("utf8");
    case "gzip":
      return gunzipSync(raw).toString("utf8");
    case undefined:
      return raw.toString("utf8");
    default:
      throw new Error(`unexpected content-encoding ${String(response.headers["content-encoding"])}`);
  }
};

const varies = (response: LightMyRequestResponse): boolean =>
  String(response.headers.vary ?? "").toLowerCase().split(/\s*,\s*/).includes("accept-encoding");

const configBlockOf = (html: string): unknown => {
  const match = new RegExp(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (match?.[1] === undefined) throw new Error("the shell has no configuration block");
  return JSON.parse(match[1]);
};

// Accept-Encoding as browsers and tools send it, and the encoding the answer must use.
const NEGOTIATIONS = [
  ["gzip, deflate, br, zstd", "br"],
  ["gzip", "gzip"],
  ["br;q=0, gzip", "gzip"],
  ["gzip;q=0.5, br;q=0", "gzip"],
  ["br;q=0, gzip;q=0", undefined],
  ["identity", undefined],
  [undefined, undefined],
] as const;

describe.each(TEST_DRIVERS)("delivering the client and compressing answers (%s)", (driver) => {
  let development: TestApp;
  let production: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await builtClient();
    development = await createTestApp(driver, { distDir, config: { apiKey: RUNTIME_API_KEY } });
    production = await createTestApp(driver, { distDir, config: { apiKey: RUNTIME_API_KEY, isProduction: true, nodeEnv: "production" } });
  });
  afterAll(async () => {
    await development.close();
    await production.close();
  });

  describe("the shell (index.html)", () => {
    it.each(["/", "/index.html", "/auth/sign-in", "/dashboard"])("on %s carries this process's API key in its configuration block", async (url) => {
      const response = await production.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(configBlockOf(decoded(response))).toEqual({ apiKey: RUNTIME_API_KEY });
    });

    it.each(NEGOTIATIONS)("answers Accept-Encoding %s with %s", async (acceptEncoding, encoding) => {
      const plain = await production.app.inject({ url: "/dashboard", headers: { accept: "text/html" } });
      const response = await production.app.inject({
        url: "/dashboard",
        headers: { accept: "text/html", ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(varies(response)).toBe(true);
      expect(decoded(response)).toBe(plain.body);
      expect(plain.body).toContain("<title>Portal</title>");
    });

    it("revalidates with its ETag: 304 while the shell is the same", async () => {
      const first = await production.app.inject({ url: "/dashboard", headers: { accept: "text/html", "accept-encoding": "br" } });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+-br"$/);
      const again = await production.app.inject({ url: "/auth/sign-in", headers: { accept: "text/html", "accept-encoding": "br", "if-none-match": etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    });
  });

  describe("/favicon.ico", () => {
    it("answers with the built icon, never a 404, where a document names no icon", async () => {
      const response = await production.app.inject({ url: "/favicon.ico" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
      expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    });
  });

  describe("the hashed assets", () => {
    it.each(NEGOTIATIONS)("answers Accept-Encoding %s with %s, the same script once decoded", async (acceptEncoding, encoding) => {
      const response = await production.app.inject({
        url: APP_SCRIPT_URL,
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(varies(response)).toBe(true);
      expect(decoded(response)).toBe(APP_SCRIPT);
      if (encoding !== undefined) expect(Number(response.headers["content-length"])).toBeLessThan(APP_SCRIPT.length / 4);
    });

    it("sends a file the build did not compress as it is", async () => {
      const response = await production.app.inject({ url: ICON_URL, headers: { "accept-encoding": "br, gzip" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.body).toBe(await readFile(path.join(distDir, ICON_URL), "utf8"));
    });
  });

  describe("source maps", () => {
    it.each(["*/*", "text/html"])("are not served in production (Accept %s)", async (accept) => {
      const response = await production.app.inject({ url: APP_MAP_URL, headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("mappings");
    });

    it("are served outside production, for debugging", async () => {
      const response = await development.app.inject({ url: APP_MAP_URL });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("mappings");
    });
  });

  describe("API answers", () => {
    it.each(NEGOTIATIONS)("a large JSON answer, Accept-Encoding %s: %s, still no-store", async (acceptEncoding, encoding) => {
      const url = "/api/content/pill_sorting/easy.json";
      const plain = await development.app.inject({ url });
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      const response = await development.app.inject({ url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-store");
      if (encoding !== undefined) expect(varies(response)).toBe(true);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
    });

    it.each([
      ["a small success", "/api/health"],
      ["a small failure", "/api/content/naming/extreme.json"],
    ])("%s goes out uncompressed", async (_, url) => {
      const response = await development.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toBeTypeOf("object");
    });
  });
});
