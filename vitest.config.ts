import { randomUUID } from "node:crypto";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * `npm test` runs every property and fuzzer at its standard budget; `npm run test:deep`
 * (TEST_DEPTH=deep) at ten times that (domain/shared/testing/fuzz-budget.test-helper.ts).
 */
const TEST_DEPTH = process.env.TEST_DEPTH === "deep" ? "deep" : "standard";

// One id per run, inherited by the workers: the starting states the database suites share are
// built once under it and removed after it (server/db/test-database.ts, tests/setup/vitest-global-setup.ts).
process.env.PORTAL_TEST_RUN ??= randomUUID().replaceAll("-", "").slice(0, 10);

// Unit, component and database (*.int.test.ts) tests. Playwright flows live in tests/e2e and run
// through playwright.config.ts; benchmarks (tests/bench/*.bench.ts) run with `npm run bench`.
export default defineConfig({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    exclude: ["tests/e2e/**", "node_modules/**", "dist/**"],
    setupFiles: ["./tests/setup/vitest-setup.ts"],
    globalSetup: ["./tests/setup/vitest-global-setup.ts"],
    provide: { testDepth: TEST_DEPTH },
    projects: [
      {
        // The pure core and the machines hold no module state, so their files share one module
        // graph per worker instead of importing effect, zxcvbn and the phone and postal-code
        // tables again for each of ~85 files: about 20 s instead of 2 min on 2 cores.
        extends: true,
        test: {
          name: "pure",
          include: ["domain/**/*.test.ts", "machines/**/*.test.ts"],
          isolate: false,
          // Benchmarks run once, in the isolated project.
          benchmark: { include: [] },
        },
      },
      {
        // The server's suites each build their own app and database in beforeAll and close them
        // in afterAll, so they too can share one module graph per worker: fastify, drizzle, pg
        // and PGlite are imported once instead of once per file (about 20 s less on 2 cores).
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "tests/security/**/*.test.ts"],
          isolate: false,
          benchmark: { include: [] },
        },
      },
      {
        // Components and adapters (a DOM per file, React Aria's module-level state) keep each
        // file in a fresh module graph.
        extends: true,
        test: {
          name: "isolated",
          include: ["adapters/**/*.test.ts", "ui/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", "tests/security/**", "node_modules/**", "dist/**"],
          benchmark: { include: ["tests/bench/**/*.bench.ts"] },
          // Each file imports the UI libraries afresh: React Aria alone is hundreds of modules.
          // Bundled once per checkout (node_modules/.vite/vitest), they load as a few files:
          // measured on 2 cores, this project 183 s -> 139 s (import 96 -> 49 worker-s). Testing
          // Library stays outside the bundle: the screen-reader helper drives the DOM through its
          // own copy, whose events must go through the act() that React Testing Library set up.
          deps: { optimizer: { client: { enabled: true, include: ["react-aria-components", "react-aria", "react-stately", "@internationalized/date", "react", "react-dom", "react-dom/client", "xstate", "@xstate/react", "jotai", "wouter", "date-fns", "@tanstack/react-query", "effect"] } } },
        },
      },
    ],
    // Database suites start PGlite instances; two workers match the two cores CI has.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // CI also writes a JSON report that .ci/summary.mjs turns into one closing line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results/vitest.json" }]] : ["default"],
  },
});
