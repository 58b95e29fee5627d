import { existsSync, readdirSync, readFileSync } from "node:fs";
import { ServerResponse } from "node:http";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ClientConfig } from "../../domain/shared/wire/client-config.ts";
import { withClientConfig } from "./client-config-block.ts";
import { sessionBootScript } from "./session-boot-script.ts";
import { SESSION_BOOT_PATH } from "../../domain/shared/session/session-boot.ts";
import { createPrecompressedBody, type SendPrecompressed } from "./precompressed-body.ts";
import { isSubresourceFile, subresourceHeadersOnly } from "./security-headers.ts";

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Client not built – Speech Therapy Care Portal</title>
  </head>
  <body>
    <main>
      <h1>The portal's client has not been built yet</h1>
      <p>The API is running, but there is no <code>dist/index.html</code> to serve.</p>
      <p>Run <code>npm run build</code> and reload this page, or start the server with
        <code>npm start</code>, which builds the client when it is missing.</p>
    </main>
  </body>
</html>
`;

export type ClientAssets = {
  readonly built: boolean;
  /** The single-page app's shell, for any browser navigation the API does not own (history fallback). */
  readonly sendShell: SendPrecompressed;
};

export type ClientAssetsOptions = {
  readonly distDir: string;
  /** Written into every served index.html (server/http/client-config-block.ts). */
  readonly clientConfig: ClientConfig;
  /**
   * Whether the build's .map files are served. Outside production they help debugging; in
   * production they are not routed at all (they stay in dist/ for reading stack traces on the server).
   */
  readonly serveSourceMaps: boolean;
};

/** Source maps: never answered with the shell, and 404 wherever they are not served. */
export const isSourceMapPath = (pathname: string): boolean => pathname.endsWith(".map");

const PRECOMPRESSED = /\.(br|gz)$/;

/** The files of `distDir` that the build also wrote as .br or .gz (vite.config.ts), relative, "/"-separated. */
const filesWithVariants = (distDir: string): ReadonlySet<string> =>
  new Set(
    readdirSync(distDir, { recursive: true, encoding: "utf8" })
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => PRECOMPRESSED.test(file))
      .map((file) => file.replace(PRECOMPRESSED, "")),
  );

/** The icon the build wrote (assets/favicon-<hash>.svg, from ui/assets/favicon.svg), or null. */
const builtFavicon = (root: string): Buffer | null => {
  const assets = path.join(root, "assets");
  const name = existsSync(assets) ? readdirSync(assets).find((file) => /^favicon-[\w-]+\.svg$/.test(file)) : undefined;
  return name === undefined ? null : readFileSync(path.join(assets, name));
};

/**
 * Serves the built client from `distDir` at /. Hashed files under assets/ are cached for a year;
 * the shell (index.html, with the run-time configuration written in) is revalidated on every load
 * so a new build is picked up. Files the build precompressed go out as brotli or gzip by the
 * request's Accept-Encoding, with `Vary: Accept-Encoding`. The file list is read at start: restart
 * the server after rebuilding the client.
 */
export const registerClientAssets = async (app: FastifyInstance, options: ClientAssetsOptions): Promise<ClientAssets> => {
  const { distDir } = options;
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    return {
      built: false,
      sendShell: (_request, reply) =>
        reply.code(503).type("text/html; charset=utf-8").header("cache-control", "no-store").send(NOT_BUILT_PAGE),
    };
  }
  // Compressed once per encoding, with an ETag per variant, like the API reference.
  const sendShell = createPrecompressedBody(withClientConfig(readFileSync(indexPath, "utf8"), options.clientConfig), "text/html; charset=utf-8").send;
  const root = path.resolve(distDir);
  const compressible = filesWithVariants(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The shell has routes of its own (below): the file on disk lacks the run-time configuration.
    index: false,
    globIgnore: ["index.html", "**/*.br", "**/*.gz", ...(options.serveSourceMaps ? [] : ["**/*.map"])],
    preCompressed: true,
    // Our setHeaders decides caching; the plugin's default max-age=0 would override it.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join("/");
      const immutable = relative.startsWith("assets/");
      response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      // The file as named, whichever of its compressed copies goes out.
      const named = relative.replace(PRECOMPRESSED, "");
      // A file found and sent, not a path: a navigation to a missing one gets the shell, with every header.
      // @fastify/static hands over the raw ServerResponse (its type names only part of it).
      if (isSubresourceFile(named) && response instanceof ServerResponse) subresourceHeadersOnly(response);
      if (compressible.has(named)) response.setHeader("vary", "accept-encoding");
    },
  });
  for (const url of ["/", "/index.html"]) app.get(url, (request, reply) => sendShell(request, reply));
  // Revalidated on every load like the shell that names it: a new release's script is picked up.
  const sendBoot = createPrecompressedBody(sessionBootScript(), "text/javascript; charset=utf-8").send;
  app.get(SESSION_BOOT_PATH, (request, reply) => sendBoot(request, reply));
  // Browsers still ask for /favicon.ico where a document names no icon (a download, a tab opened
  // before the shell's head is read): the built SVG icon answers it, so no 404 shows in the
  // console or the access log.
  const icon = builtFavicon(root);
  app.get("/favicon.ico", (_request, reply) =>
    icon === null
      ? reply.code(204).header("cache-control", "public, max-age=86400").send()
      : reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(icon),
  );
  return { built: true, sendShell };
};
