import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

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
  readonly sendShell: (reply: FastifyReply) => FastifyReply;
};

/**
 * Serves the built client from `distDir` at /. Hashed files under assets/ are cached for a
 * year; the shell (index.html) is revalidated on every load so a new build is picked up. The
 * file list is read at start: restart the server after rebuilding the client.
 */
export const registerClientAssets = async (app: FastifyInstance, distDir: string): Promise<ClientAssets> => {
  const built = existsSync(path.join(distDir, "index.html"));
  if (!built) {
    return {
      built,
      sendShell: (reply) => reply.code(503).type("text/html; charset=utf-8").header("cache-control", "no-store").send(NOT_BUILT_PAGE),
    };
  }
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    wildcard: false,
    // Our setHeaders decides caching; the plugin's default max-age=0 would override it.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return {
    built,
    sendShell: (reply) => reply.code(200).header("cache-control", "no-cache").sendFile("index.html"),
  };
};
