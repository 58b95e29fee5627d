import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UI_FILES_THAT_MOCK_MODULES } from "../setup/ui-files-that-mock-modules.ts";

// UI files share one module graph per worker (vitest.config.ts, project "ui"), where a vi.mock
// would silently not take: every file that mocks a module must be listed to run isolated.
const ROOT = path.resolve(import.meta.dirname, "../..");
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

const uiTestFiles = (): string[] =>
  execFileSync("git", ["-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "adapters", "ui", "tests"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.test\.tsx?$/.test(file) && !/^tests\/(e2e|security)\//.test(file));

describe("UI files that mock a module", () => {
  it("are exactly the files listed to run in the isolated project", () => {
    const mocking = uiTestFiles().filter((file) => {
      try {
        return MOCKS_A_MODULE.test(readFileSync(path.join(ROOT, file), "utf8"));
      } catch {
        return false; // listed by git but deleted in the working tree
      }
    });
    expect(mocking.filter((file) => file !== "tests/architecture/ui-module-mocks.test.ts").sort()).toEqual([...UI_FILES_THAT_MOCK_MODULES].sort());
  });
});
