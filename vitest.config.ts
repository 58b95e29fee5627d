import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Unit, component and database (*.int.test.ts) tests. Playwright flows live in tests/e2e and run
// through playwright.config.ts; benchmarks (tests/bench/*.bench.ts) run with `npm run bench`.
export default defineConfig({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    include: [
      "domain/**/*.test.ts",
      "machines/**/*.test.ts",
      "adapters/**/*.test.ts",
      "ui/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "dist/**"],
    setupFiles: ["./tests/setup/vitest-setup.ts"],
    // Database suites start PGlite instances; two workers match the two cores CI has.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // CI also writes a JSON report that .ci/summary.mjs turns into one closing line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results/vitest.json" }]] : ["default"],
    benchmark: { include: ["tests/bench/**/*.bench.ts"] },
  },
});
