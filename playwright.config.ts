import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import { CHROMIUM_FLAGS, E2E_CHROMIUM_CANDIDATES } from "./scripts/chromium-flags.mjs";
import type { ServerOptions } from "./tests/e2e/support/fixtures.ts";

const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? E2E_CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? "/usr/bin/chromium";

const SHORT_TOKEN_SPECS = /token-refresh\.spec\.ts$/;
const PRODUCTION_SPECS = /production-deploy\.spec\.ts$/;

// Whole user flows in the Debian Chromium packages (chromium-headless-shell when installed, see
// scripts/chromium-flags.mjs) against the real server (which serves the
// built client from dist/: `npm test` runs `vite build` first). Playwright's own browser
// downloads are never used on these machines.
//
// Servers: global-setup.ts migrates and seeds one database template; then every worker starts
// its own server on a copy of it (support/fixtures.ts), of the kind its project names. So two
// workers run two flows side by side without sharing an account, an outbox or a patient.
export default defineConfig<ServerOptions>({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // A spec's flows run in the order written, in one worker and so on one server; specs spread
  // over the workers. Balance: Playwright hands out files in name order, so a long file late in
  // the alphabet ran alone at the end while the other workers idled (measured, issue 32: the three
  // workers' flow time 571, 575 and 682 s). The longest files whose flows are independent
  // (patients, session-review, shell-roles, keyboard-pages, focus-on-navigation) opt into
  // `mode: "parallel"`, so their flows spread over the workers; administration's serial chain
  // starts first by name, off the critical path.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Three workers on CI's two cores: a flow spends much of its time waiting (on Chromium, on its
  // server, on a debounce), so a third one fills that time. Measured on an idle 2-core machine,
  // 41 flows: 2 workers 4.6 min, 3 workers 3.7 min, 4 workers 3.9 min. E2E_WORKERS overrides it
  // (each worker is a browser and a server of its own).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // CI also writes a JSON report that .ci/summary.mjs turns into one closing line.
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]] : "list",
  // Generous limits for a 2-core machine that is busy with other work: a lazy chunk, an argon2
  // hash and an axe scan can each take seconds there. A flow that is really stuck still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: "test-results/playwright",
  use: {
    // A failed flow keeps its trace: every action's DOM snapshot, network and console. Without the
    // screencast (screenshots: false), which Chromium encodes frame by frame for every flow that
    // passes too: measured, 60 flows 356 s -> 338 s, Chromium 332 -> 269 CPU-s. The failure's
    // own screenshot is still taken.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: "chromium", testIgnore: [SHORT_TOKEN_SPECS, PRODUCTION_SPECS], use: { ...devices["Desktop Chrome"], serverKind: "test" } },
    {
      // Access tokens that live a few seconds, for the one flow that needs a token to expire.
      name: "chromium-short-tokens",
      testMatch: SHORT_TOKEN_SPECS,
      use: { ...devices["Desktop Chrome"], serverKind: "short-tokens" },
    },
    {
      // Deployed as in production (NODE_ENV=production, its own API key and secrets, a real SMTP
      // sink), for production-deploy.spec.ts: one build must serve any deployment.
      name: "production-deploy",
      testMatch: PRODUCTION_SPECS,
      use: { ...devices["Desktop Chrome"], serverKind: "production" },
    },
  ],
});
