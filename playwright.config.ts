import { defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3137";
const baseURL = `http://127.0.0.1:${port}`;

// Whole user flows in the Debian Chromium package against the real server (which serves the
// built client from dist/: `npm test` runs `vite build` first). Playwright's own browser
// downloads are never used on these machines.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  // CI also writes a JSON report that .ci/summary.mjs turns into one closing line.
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: "test-results/playwright",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      // Without the background-networking flags Chromium floods the closed network with refused
      // connections (see STACK.md).
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node tests/e2e/start-test-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM (not the default SIGKILL) lets the starter stop the server and delete its temp data.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { E2E_PORT: port },
  },
});
