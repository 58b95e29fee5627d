import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEEP_FACTOR, fuzzRuns, testDepth } from "../../domain/shared/testing/fuzz-budget.test-helper.ts";

// Issue 32: every property test and fuzzer runs a written, standard budget in `npm test` and ten
// times it in `npm run test:deep`, which only holds while each run count goes through fuzzRuns.
const ROOT = path.resolve(import.meta.dirname, "../..");
/** `numRuns:` given as anything but fuzzRuns(…) (or a constant set from it); fc.sample's one-off draws are not properties. */
const RUNS_GIVEN = /numRuns:\s*([^,}\s]+)/g;
const THIS_FILE = "tests/architecture/fuzz-budget.test.ts";

const budgeted = (given: string, source: string): boolean =>
  given.startsWith("fuzzRuns(") || (/^[A-Z_]+$/.test(given) && new RegExp(`const ${given} = fuzzRuns\\(`).test(source));

const testFiles = (): string[] =>
  execFileSync("git", ["-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "domain", "machines", "adapters", "ui", "server", "tests"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.test(-helper)?\.tsx?$/.test(file));

describe("the fuzz budget", () => {
  it("sizes every property's runs with fuzzRuns, so test:deep deepens all of them", () => {
    const fixed: string[] = [];
    for (const file of testFiles().filter((file) => file !== THIS_FILE)) {
      let source: string;
      try {
        source = readFileSync(path.join(ROOT, file), "utf8");
      } catch {
        continue; // listed by git but deleted in the working tree
      }
      for (const line of source.split("\n")) {
        if (/fc\.sample\(/.test(line)) continue;
        for (const [, given] of line.matchAll(RUNS_GIVEN)) if (given !== undefined && !budgeted(given, source)) fixed.push(`${file}: ${line.trim()}`);
      }
    }
    expect(fixed).toEqual([]);
  });

  it("runs the standard budget in npm test, and DEEP_FACTOR times it in test:deep", () => {
    const depth = testDepth();
    expect(depth).toBe(process.env.TEST_DEPTH === "deep" ? "deep" : "standard");
    expect(fuzzRuns(25)).toBe(depth === "deep" ? 25 * DEEP_FACTOR : 25);
  });
});
