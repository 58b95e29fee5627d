import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../../../scripts/chromium-flags.mjs";

// Measurements, not tests: `npm test` never runs them (the main playwright.config.ts only matches
// *.spec.ts). scripts/measure-review-workday.mjs runs this config; see review-workday.measure.ts.
// One worker, so one browser and one server at a time on a shared machine; each run gets its own
// server on a copy of the seeded template, so every run starts from the same demo data.
export default defineConfig({
  testDir: ".",
  testMatch: /\.measure\.ts$/,
  globalSetup: "../global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: "list",
  // A loaded 2-core machine: five sessions through the old loop can take minutes.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  outputDir: "../../../test-results/measure",
  use: {
    ...devices["Desktop Chrome"],
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium", args: [...CHROMIUM_FLAGS] },
  },
});
