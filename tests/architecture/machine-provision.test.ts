import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/ui.md, "Where machines are provided": a machine gets its effects in one place per feature,
// a `<feature>-machines.ts` file of the composition (ui/app/auth-machines.ts for sign-in and the
// session); components receive provided logic. Tests provide their fakes themselves.
const ROOT = path.resolve(import.meta.dirname, "../..");
const PROVIDES = /\.provide\(/;
const isTest = (file: string) => /\.test(-helper)?\.tsx?$/.test(file);
const isProvisionFile = (file: string) => /(^|\/)[a-z-]+-machines\.ts$/.test(file);

describe("where machines are provided", () => {
  it("provides machines only in the features' *-machines.ts files", () => {
    const files = execFileSync("git", ["-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "ui", "machines", "adapters"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(ts|tsx)$/.test(file) && !isTest(file));
    const elsewhere = files.filter((file) => {
      try {
        return !isProvisionFile(file) && PROVIDES.test(readFileSync(path.join(ROOT, file), "utf8"));
      } catch {
        return false; // listed by git but deleted in the working tree
      }
    });
    expect(elsewhere).toEqual([]);
    expect(files.filter(isProvisionFile).length).toBeGreaterThanOrEqual(5);
  });
});
