import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer } from "./support/test-server.ts";

/**
 * Migrates and seeds one data folder for the whole run, by starting the test server on it once
 * and stopping it. Every server of the run (one per worker, see support/fixtures.ts) then starts
 * on a copy (E2E_TEMPLATE_DIR, read by the starters), instead of migrating and seeding its own:
 * the seeding is the slow part of a start. Workers inherit the variable set here.
 */
export default async function globalSetup(): Promise<() => void> {
  const templateDir = mkdtempSync(join(tmpdir(), "portal-e2e-template-"));
  const seeding = await startTestServer("tests/e2e/start-test-server.mjs", () => ({ E2E_DATA_DIR: templateDir }));
  await seeding.stop();
  process.env.E2E_TEMPLATE_DIR = templateDir;
  return () => rmSync(templateDir, { recursive: true, force: true });
}
