import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// The folder boundaries of DESIGN.md are enforced by lint. These tests write a small violating
// file into each folder and prove that oxlint, with the project's own config, rejects it; a
// weakened .oxlintrc.json fails here instead of silently letting the layers leak. The probes go
// into a copy of the layers' folders with that config, outside the repository: written into it,
// the scans that run beside this file (endpoint paths, feature boundaries, file sizes) found them
// and failed (a probe calls fetch("/api/patients/")).
const run = promisify(execFile);
const repository = new URL("../..", import.meta.url).pathname;
const oxlint = join(repository, "node_modules", ".bin", "oxlint");
const root = mkdtempSync(join(tmpdir(), "lint-probes-"));
copyFileSync(join(repository, ".oxlintrc.json"), join(root, ".oxlintrc.json"));
for (const folder of ["domain", "machines", "adapters", "ui", "server"]) mkdirSync(join(root, folder));

// A folder of probes in one layer, and oxlint with the project's config over it.
const probeFolder = (folder: string) => mkdtempSync(join(root, folder, "zz-lint-probe-"));
const lint = (dir: string) => run(oxlint, ["-c", ".oxlintrc.json", "--deny-warnings", relative(root, dir)], { cwd: root });

const lintProbe = async (folder: string, source: string) => {
  const dir = probeFolder(folder);
  writeFileSync(join(dir, "probe.ts"), source);
  try {
    await lint(dir);
    return { failed: false, output: "" };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
};

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("lint enforces the folder boundaries", () => {
  it.each([
    ["domain importing server code", "domain", `import { x } from "../../server/x.ts";\nexport const y = x;\n`, "no-restricted-imports"],
    ["domain importing a Node module", "domain", `import { readFileSync } from "node:fs";\nexport const y = readFileSync;\n`, "no-restricted-imports"],
    ["domain reading the clock", "domain", `export const now = () => Date.now();\n`, "no-restricted-properties"],
    ["domain using randomness", "domain", `export const id = () => Math.random();\n`, "no-restricted-properties"],
    ["domain touching a browser global", "domain", `export const store = () => localStorage;\n`, "no-restricted-globals"],
    ["machines importing React", "machines", `import { useState } from "react";\nexport const y = useState;\n`, "no-restricted-imports"],
    ["ui importing server code", "ui", `import { x } from "../../server/x.ts";\nexport const y = x;\n`, "no-restricted-imports"],
    ["ui calling fetch", "ui", `export const load = () => fetch("/api/patients/");\n`, "no-restricted-globals"],
    ["server importing ui code", "server", `import { x } from "../../ui/x.ts";\nexport const y = x;\n`, "no-restricted-imports"],
  ])("rejects %s", async (_name, folder, source, rule) => {
    const result = await lintProbe(folder, source);
    expect(result.failed).toBe(true);
    expect(result.output).toContain(rule);
  });

  it("rejects an import cycle", async () => {
    const dir = probeFolder("ui");
    writeFileSync(join(dir, "a.ts"), `import { b } from "./b.ts";\nexport const a = () => b;\n`);
    writeFileSync(join(dir, "b.ts"), `import { a } from "./a.ts";\nexport const b = () => a;\n`);
    const outcome = await lint(dir).then(() => "passed", (error: { stdout?: string }) => error.stdout ?? "failed");
    expect(outcome).toContain("no-cycle");
  });

  it("accepts a pure domain file", async () => {
    const result = await lintProbe("domain", `/** Adds two numbers. */\nexport const add = (a: number, b: number): number => a + b;\n`);
    expect(result).toEqual({ failed: false, output: "" });
  });
});
