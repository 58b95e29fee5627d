import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/chromium-flags.mjs";
import { PRODUCTION_API_KEY, PRODUCTION_JWT_SECRET, productionMailDir } from "./tests/e2e/support/production-deploy.ts";
import { SHORT_ACCESS_TOKEN_TTL_SECONDS } from "./tests/e2e/support/short-tokens.ts";

const port = process.env.E2E_PORT ?? "3137";
const baseURL = `http://127.0.0.1:${port}`;

// A second server whose access tokens live a few seconds, for the one flow that needs a token to
// expire (token-refresh.spec.ts). ACCESS_TOKEN_TTL_SECONDS is accepted only outside production.
const shortTokensPort = process.env.E2E_SHORT_TOKENS_PORT ?? "3138";
const shortTokensBaseURL = `http://127.0.0.1:${shortTokensPort}`;
const SHORT_TOKEN_SPECS = /token-refresh\.spec\.ts$/;

// A third server deployed as in production (NODE_ENV=production, its own API key and secrets, a
// real SMTP sink), for production-deploy.spec.ts: one build must serve any deployment.
const productionPort = process.env.E2E_PRODUCTION_PORT ?? "3139";
const productionBaseURL = `http://127.0.0.1:${productionPort}`;
const PRODUCTION_SPECS = /production-deploy\.spec\.ts$/;

type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>[number];

const testServer = (serverPort: string, env: Record<string, string> = {}, starter = "tests/e2e/start-test-server.mjs"): WebServer => ({
  command: `node ${starter}`,
  url: `http://127.0.0.1:${serverPort}/api/health`,
  reuseExistingServer: false,
  // The servers start side by side, each migrating and seeding its own demo data: minutes, not
  // seconds, on a loaded 2-core machine.
  timeout: 300_000,
  stdout: "pipe",
  stderr: "pipe",
  // SIGTERM (not the default SIGKILL) lets the starter stop the server and delete its temp data.
  gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  env: { E2E_PORT: serverPort, ...env },
});

// Whole user flows in the Debian Chromium package against the real server (which serves the
// built client from dist/: `npm test` runs `vite build` first). Playwright's own browser
// downloads are never used on these machines.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers, but one per project (each project's `workers: 1` below): the flows of one
  // server share its seeded accounts and outbox, so they run one at a time, while the two small
  // projects on their own servers (short tokens, production) run beside the main one.
  workers: 2,
  // CI also writes a JSON report that .ci/summary.mjs turns into one closing line.
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]] : "list",
  // Generous limits for a 2-core machine that is busy with other work: a lazy chunk, an argon2
  // hash and an axe scan can each take seconds there. A flow that is really stuck still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: "test-results/playwright",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: "chromium", testIgnore: [SHORT_TOKEN_SPECS, PRODUCTION_SPECS], workers: 1, use: { ...devices["Desktop Chrome"] } },
    {
      name: "chromium-short-tokens",
      testMatch: SHORT_TOKEN_SPECS,
      workers: 1,
      use: { ...devices["Desktop Chrome"], baseURL: shortTokensBaseURL },
    },
    {
      name: "production-deploy",
      testMatch: PRODUCTION_SPECS,
      workers: 1,
      use: { ...devices["Desktop Chrome"], baseURL: productionBaseURL },
    },
  ],
  webServer: [
    testServer(port),
    testServer(shortTokensPort, { E2E_ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TOKEN_TTL_SECONDS) }),
    {
      // Seeds in development mode first, then starts in production: give it both starts' time.
      ...testServer(
        productionPort,
        {
          E2E_PRODUCTION_PORT: productionPort,
          E2E_PRODUCTION_MAIL_DIR: productionMailDir(productionPort),
          E2E_PRODUCTION_API_KEY: PRODUCTION_API_KEY,
          E2E_PRODUCTION_JWT_SECRET: PRODUCTION_JWT_SECRET,
        },
        "tests/e2e/start-production-server.mjs",
      ),
      timeout: 480_000,
    },
  ],
});
