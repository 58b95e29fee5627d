import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Who may do what is decided once per feature, in domain/<feature>/*-abilities.ts (`…AbilitiesOf`
// over the signed-in user, DESIGN.md "Shared parts before features"). A page that assembles a
// permission holder and asks hasPermission itself is the rule copied back into ui/: this fails
// when a feature's page, machine or adapter reaches for the permission checks again.
const ROOT = path.resolve(import.meta.dirname, "../..");
const PERMISSION_CHECKS = /domain\/shared\/permissions\/(permission-check|client-permissions)\.ts["']/;

const productionFiles = (): string[] =>
  execFileSync("git", ["-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "ui/features", "ui/app", "machines", "adapters"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test(-helper)?\.tsx?$/.test(file));

describe("abilities live in the domain", () => {
  it("no feature page, machine or adapter imports the permission checks itself", () => {
    const offenders = productionFiles().filter((file) => {
      try {
        return PERMISSION_CHECKS.test(readFileSync(path.join(ROOT, file), "utf8"));
      } catch {
        return false; // listed by git but deleted in the working tree
      }
    });
    expect(offenders).toEqual([]);
  });
});
