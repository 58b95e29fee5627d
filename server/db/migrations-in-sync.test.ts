import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// A schema change without `npm run db:generate` would ship code that expects columns the
// database never gets. Generating against a copy of the committed migrations must find nothing.
it("the committed migrations match server/db/schema", async () => {
  const copy = await mkdtemp(path.join(tmpdir(), "portal-migrations-"));
  try {
    await cp(MIGRATIONS_FOLDER, copy, { recursive: true });
    const before = await readdir(copy);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, "node_modules/drizzle-kit/bin.cjs"), "generate", "--dialect", "postgresql", "--schema", "./server/db/schema/*.ts", "--out", path.relative(ROOT, copy)],
      { cwd: ROOT },
    );
    expect(stdout).toContain("No schema changes");
    expect(await readdir(copy)).toEqual(before);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});
