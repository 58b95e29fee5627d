import { randomUUID } from "node:crypto";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { UI_FILES_THAT_MOCK_MODULES } from "./tests/setup/ui-files-that-mock-modules.ts";

/**
 * `npm test` runs every property and fuzzer at its standard budget; `npm run test:deep`
 * (TEST_DEPTH=deep) at ten times that (domain/shared/testing/fuzz-budget.test-helper.ts).
 */
const TEST_DEPTH = process.env.TEST_DEPTH === "deep" ? "deep" : "standard";

// One id per run, inherited by the workers: the starting states the database suites share are
// built once under it and removed after it (server/db/test-database.ts, tests/setup/vitest-global-setup.ts).
process.env.PORTAL_TEST_RUN ??= randomUUID().replaceAll("-", "").slice(0, 10);

const UI_TESTS = ["adapters/**/*.test.ts", "ui/**/*.test.{ts,tsx}", "tests/**/*.test.ts"];
const UI_EXCLUDE = ["tests/e2e/**", "tests/security/**", "node_modules/**", "dist/**"];
/**
 * The UI libraries bundled once per checkout (node_modules/.vite/vitest), so each worker loads
 * them as a few files instead of React Aria's hundreds of modules: measured on 2 cores, 183 s ->
 * 139 s when every file still had its own module graph. Testing Library stays outside the bundle:
 * the screen-reader helper drives the DOM through its own copy, whose events must go through the
 * act() that React Testing Library set up. The live announcer is bundled with React Aria so that
 * there is one of it, the one the components announce through.
 */
const UI_DEPS = {
  optimizer: {
    client: {
      enabled: true,
      include: ["react-aria-components", "react-aria", "@react-aria/live-announcer", "@internationalized/date", "react", "react-dom", "react-dom/client", "react-stately", "xstate", "@xstate/react", "jotai", "wouter", "date-fns", "@tanstack/react-query", "effect"],
    },
  },
};

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
        // Components and adapters share one module graph per worker too, while each file still gets
        // a document of its own: React Aria, React and the app's modules are imported and compiled
        // once per worker instead of once per file (measured on 2 cores: 261 s -> about 140 s for
        // these files alone). What the UI keeps at module level (the toast queue, React Aria's
        // announcer) is emptied after each file by shared-ui-graph-setup.ts.
        extends: true,
        test: {
          name: "ui",
          include: UI_TESTS,
          exclude: [...UI_EXCLUDE, ...UI_FILES_THAT_MOCK_MODULES],
          isolate: false,
          setupFiles: ["./tests/setup/shared-ui-graph-setup.ts"],
          benchmark: { include: [] },
          deps: UI_DEPS,
        },
      },
      {
        // Files that replace a module with vi.mock need a module graph of their own: in a shared
        // one, the real module is already loaded by an earlier file, and the mock never takes.
        extends: true,
        test: {
          name: "isolated",
          include: UI_FILES_THAT_MOCK_MODULES,
          benchmark: { include: ["tests/bench/**/*.bench.ts"] },
          deps: UI_DEPS,
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
