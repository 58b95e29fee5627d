import { test as base } from "@playwright/test";
import { PRODUCTION_API_KEY, PRODUCTION_JWT_SECRET, productionMailDir } from "./production-deploy.ts";
import { SHORT_ACCESS_TOKEN_TTL_SECONDS } from "./short-tokens.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

export { expect } from "@playwright/test";

/**
 * Which server a project's flows run against: the test server, the same with access tokens that
 * live a few seconds (token-refresh.spec.ts), or a production deployment (production-deploy.spec.ts).
 */
export type ServerKind = "test" | "short-tokens" | "production";

export type ServerOptions = { readonly serverKind: ServerKind };

/** The worker's own server (a production server's SMTP sink writes to productionMailDir(port)). */
export type WorkerServer = { readonly port: number; readonly url: string };

const startServer = (kind: ServerKind): Promise<TestServer> => {
  switch (kind) {
    case "test":
      return startTestServer("tests/e2e/start-test-server.mjs");
    case "short-tokens":
      // ACCESS_TOKEN_TTL_SECONDS is accepted only outside production.
      return startTestServer("tests/e2e/start-test-server.mjs", () => ({
        E2E_ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TOKEN_TTL_SECONDS),
      }));
    case "production":
      return startTestServer("tests/e2e/start-production-server.mjs", (port) => ({
        E2E_PRODUCTION_PORT: String(port),
        E2E_PRODUCTION_MAIL_DIR: productionMailDir(String(port)),
        E2E_PRODUCTION_API_KEY: PRODUCTION_API_KEY,
        E2E_PRODUCTION_JWT_SECRET: PRODUCTION_JWT_SECRET,
      }));
  }
};

/**
 * Each worker starts its own server on a copy of the run's seeded database: flows in different
 * workers share no account, outbox or patient, so they run side by side, while the flows of one
 * worker run one after another as before. A worker that restarts after a failure gets a fresh
 * copy. `baseURL` points every page, request and new context of the worker at that server.
 */
export const test = base.extend<{ server: WorkerServer }, ServerOptions & { workerServer: WorkerServer }>({
  serverKind: ["test", { scope: "worker", option: true }],
  workerServer: [
    async ({ serverKind }, use) => {
      const server = await startServer(serverKind);
      await use({ port: server.port, url: server.url });
      await server.stop();
    },
    // Starting may mean migrating and seeding on a loaded machine when no template was built.
    { scope: "worker", timeout: 480_000 },
  ],
  server: async ({ workerServer }, use) => use(workerServer),
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
});
