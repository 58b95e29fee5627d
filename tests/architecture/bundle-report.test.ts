import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

// scripts/bundle-report.mjs reports what a browser loads per route and, with --check, holds sign-in
// to its budget after `npm run build` in `npm test`. Here it runs as the CLI it is, against a small
// made-up build, so the walk through the manifest and the budget gate are proven without building.
const run = promisify(execFile);
const script = fileURLToPath(new URL("../../scripts/bundle-report.mjs", import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Random bytes, which gzip cannot shrink, so a file's gzip size is about its length. */
const incompressible = (length: number): Buffer => randomBytes(length);

const MANIFEST = {
  "index.html": {
    file: "assets/index.js",
    src: "index.html",
    isEntry: true,
    imports: ["_react.js", "_react-aria.js"],
    dynamicImports: ["ui/features/dashboard/dashboard-page.tsx", "ui/features/auth/mfa-registration-page.tsx"],
    css: ["assets/index.css"],
  },
  "_react.js": { file: "assets/react.js" },
  "_react-aria.js": { file: "assets/react-aria.js", imports: ["_react.js"] },
  "_table.js": { file: "assets/table.js", imports: ["_react-aria.js"] },
  "_qr.js": { file: "assets/qr.js" },
  "ui/features/dashboard/dashboard-page.tsx": {
    file: "assets/dashboard-page.js",
    src: "ui/features/dashboard/dashboard-page.tsx",
    isDynamicEntry: true,
    imports: ["_react.js", "_table.js"],
    // A section the page renders with itself (counted: loaded before the heading) and an edit form
    // it loads on Edit (LOADED_LATER names it: not counted).
    dynamicImports: ["ui/features/activity/activity-chart.tsx", "ui/features/patients/patient-edit-section.tsx"],
  },
  "ui/features/activity/activity-chart.tsx": {
    file: "assets/activity-chart.js",
    src: "ui/features/activity/activity-chart.tsx",
    isDynamicEntry: true,
    imports: ["_react.js", "_chart-lib.js"],
  },
  "_chart-lib.js": { file: "assets/chart-lib.js" },
  "ui/features/patients/patient-edit-section.tsx": {
    file: "assets/patient-edit-section.js",
    src: "ui/features/patients/patient-edit-section.tsx",
    isDynamicEntry: true,
    imports: ["_qr.js"],
  },
  "ui/features/auth/mfa-registration-page.tsx": {
    file: "assets/mfa-registration-page.js",
    src: "ui/features/auth/mfa-registration-page.tsx",
    isDynamicEntry: true,
    imports: ["_qr.js"],
  },
};

/** A made-up dist/ folder; `entryBytes` sets the size of the entry chunk, `dashboardBytes` that of the lazy dashboard page. */
const fakeBuild = (entryBytes: number, dashboardBytes?: number) => {
  const dist = mkdtempSync(join(tmpdir(), "bundle-report-"));
  folders.push(dist);
  mkdirSync(join(dist, ".vite"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  const contents: Record<string, Buffer> = {
    "assets/index.js": incompressible(entryBytes),
    "assets/react.js": Buffer.from("export const react = 'react';\n".repeat(50)),
    "assets/react-aria.js": Buffer.from("export const aria = 'aria';\n".repeat(30)),
    "assets/table.js": Buffer.from("export const table = 'table';\n".repeat(20)),
    "assets/qr.js": Buffer.from("export const qr = 'qr';\n".repeat(500)),
    "assets/dashboard-page.js":
      dashboardBytes === undefined ? Buffer.from("export const page = 'dashboard';\n".repeat(10)) : incompressible(dashboardBytes),
    "assets/mfa-registration-page.js": Buffer.from("export const page = 'mfa';\n"),
    "assets/activity-chart.js": Buffer.from("export const chart = 'chart';\n".repeat(5)),
    "assets/chart-lib.js": Buffer.from("export const lib = 'lib';\n".repeat(7)),
    "assets/patient-edit-section.js": Buffer.from("export const edit = 'edit';\n"),
    "assets/index.css": Buffer.from("body { margin: 0 }\n"),
  };
  for (const [file, bytes] of Object.entries(contents)) writeFileSync(join(dist, file), bytes);
  const gzip = (file: string) => gzipSync(contents[file] ?? Buffer.alloc(0)).length;
  return { dist, gzip };
};

const report = async (dist: string, ...flags: string[]) => {
  try {
    const { stdout, stderr } = await run("node", [script, "--dist", dist, ...flags]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code = -1, stdout = "", stderr = "" } = error as { code?: number; stdout?: string; stderr?: string };
    return { code, stdout, stderr };
  }
};

describe("npm run bundle-report", () => {
  it("counts the entry and its static imports for sign-in, and adds the dashboard's lazy chunk and the lazy chunk it asks for at mount for /dashboard", async () => {
    const { dist, gzip } = fakeBuild(1_000);
    const result = await report(dist, "--json");
    expect(result.code).toBe(0);
    const routes = JSON.parse(result.stdout) as ReadonlyArray<{ route: string; files: ReadonlyArray<{ file: string }>; jsGzipBytes: number }>;
    const filesOf = (route: string) => routes.find((each) => each.route === route)?.files.map((each) => each.file);
    const bytesOf = (route: string) => routes.find((each) => each.route === route)?.jsGzipBytes;

    // Each shared chunk once, imports before importers; the lazy QR page of another route never.
    expect(filesOf("/auth/sign-in")).toEqual(["assets/react.js", "assets/react-aria.js", "assets/index.js"]);
    expect(filesOf("/dashboard")).toEqual([
      "assets/react.js",
      "assets/react-aria.js",
      "assets/index.js",
      "assets/table.js",
      "assets/dashboard-page.js",
      "assets/chart-lib.js",
      "assets/activity-chart.js",
    ]);
    const signIn = gzip("assets/react.js") + gzip("assets/react-aria.js") + gzip("assets/index.js");
    expect(bytesOf("/auth/sign-in")).toBe(signIn);
    expect(bytesOf("/dashboard")).toBe(
      signIn + gzip("assets/table.js") + gzip("assets/dashboard-page.js") + gzip("assets/chart-lib.js") + gzip("assets/activity-chart.js"),
    );
  });

  it("prints a readable report by default", async () => {
    const { dist } = fakeBuild(1_000);
    const result = await report(dist);
    expect(result.stdout).toMatch(/^\/auth\/sign-in: \d+\.\d kB of JavaScript \(gzip\) in 3 files/m);
    expect(result.stdout).toContain("lazy: ui/features/dashboard/dashboard-page.tsx, ui/features/activity/activity-chart.tsx");
  });

  it("passes the budget check for small routes and fails it for either route over its budget", async () => {
    const small = await report(fakeBuild(1_000).dist, "--check");
    expect(small.code).toBe(0);
    expect(small.stdout).toMatch(/bundle budget: \/auth\/sign-in .* is within 160\.0 kB/);
    expect(small.stdout).toMatch(/bundle budget: \/dashboard .* is within 215.0 kB/);

    // 161 kB of sign-in: over its 160.0 kB, while the dashboard (the same plus a little) is within 215 kB.
    const signIn = await report(fakeBuild(161_000).dist, "--check");
    expect(signIn.code).toBe(1);
    expect(signIn.stderr).toMatch(/\/auth\/sign-in loads .* over its 160\.0 kB budget/);
    expect(signIn.stderr).not.toContain("/dashboard");

    // A small sign-in with a 100 kB dashboard page on top of a 140 kB entry: only the dashboard fails.
    const dashboard = await report(fakeBuild(140_000, 100_000).dist, "--check");
    expect(dashboard.code).toBe(1);
    expect(dashboard.stderr).toMatch(/\/dashboard loads .* over its 215.0 kB budget/);
    expect(dashboard.stderr).not.toContain("/auth/sign-in");
  });

  it("says what to do when nothing was built", async () => {
    const empty = mkdtempSync(join(tmpdir(), "bundle-report-"));
    folders.push(empty);
    const result = await report(empty, "--check");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("run npm run build first");
  });
});
