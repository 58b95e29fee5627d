import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";

// Issue 23: `npm run bundle-report -- --check` holds every route to its own budget (the patient
// record at most 250 kB) and fails when a lazy page is measured by no route. A made-up build, as in
// bundle-report.test.ts, proves both without building.
const run = promisify(execFile);
const script = fileURLToPath(new URL("../../scripts/bundle-report.mjs", import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const fakeBuild = (patientPageBytes: number, extraPage?: string) => {
  const dist = mkdtempSync(join(tmpdir(), "bundle-routes-"));
  folders.push(dist);
  mkdirSync(join(dist, ".vite"));
  mkdirSync(join(dist, "assets"));
  const manifest: Record<string, unknown> = {
    "index.html": { file: "assets/index.js", src: "index.html", isEntry: true, dynamicImports: ["ui/app/signed-in-routes.tsx"] },
    "ui/app/signed-in-routes.tsx": {
      file: "assets/signed-in-routes.js",
      src: "ui/app/signed-in-routes.tsx",
      isDynamicEntry: true,
      dynamicImports: ["ui/features/patients/patient-detail-page.tsx", ...(extraPage === undefined ? [] : [extraPage])],
    },
    "ui/features/patients/patient-detail-page.tsx": { file: "assets/patient-detail-page.js", src: "ui/features/patients/patient-detail-page.tsx", isDynamicEntry: true },
  };
  if (extraPage !== undefined) manifest[extraPage] = { file: "assets/extra.js", src: extraPage, isDynamicEntry: true };
  writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(dist, "assets", "index.js"), "export const entry = 1;\n");
  writeFileSync(join(dist, "assets", "signed-in-routes.js"), "export const area = 1;\n");
  // Random bytes do not compress: the page's gzip size is about its length.
  writeFileSync(join(dist, "assets", "patient-detail-page.js"), randomBytes(patientPageBytes));
  writeFileSync(join(dist, "assets", "extra.js"), "export const extra = 1;\n");
  return dist;
};

const check = async (dist: string) => {
  try {
    const { stdout, stderr } = await run("node", [script, "--dist", dist, "--check"]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code = -1, stdout = "", stderr = "" } = error as { code?: number; stdout?: string; stderr?: string };
    return { code, stdout, stderr };
  }
};

describe("npm run bundle-report -- --check, per route", () => {
  it("measures the patient record with the signed-in area and holds it to 250 kB", async () => {
    const within = await check(fakeBuild(200_000));
    expect(within.code).toBe(0);
    expect(within.stdout).toMatch(/bundle budget: \/patient\/:id .* is within 250\.0 kB/);

    const over = await check(fakeBuild(260_000));
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/\/patient\/:id loads 26\d\.\d kB of JavaScript, over its 250\.0 kB budget by/);
  });

  it("fails, naming it, when a lazy page is measured by no route", async () => {
    const result = await check(fakeBuild(1_000, "ui/features/reports/reports-page.tsx"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("ui/features/reports/reports-page.tsx is a lazy page that no route of scripts/bundle-report.mjs measures");
  });
});
