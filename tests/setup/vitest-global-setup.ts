import { rm } from "node:fs/promises";
import pg from "pg";
import { TEST_RUN_ID_VARIABLE, filledTemplatePrefix, runSnapshotFolder } from "../../server/db/test-database.ts";

/**
 * After the run: removes the starting states its suites shared (server/db/test-database.ts): the
 * PGlite snapshots in the run's temp folder and the filled template databases on the
 * DATABASE_URL server. The migrated template stays, for the next run on the same migrations.
 */
export default function globalSetup(): () => Promise<void> {
  return async () => {
    const runId = process.env[TEST_RUN_ID_VARIABLE];
    if (runId === undefined) return;
    await rm(runSnapshotFolder(runId), { recursive: true, force: true });
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl === undefined || serverUrl === "") return;
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
      const filled = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${filledTemplatePrefix(runId)}%`]);
      for (const { datname } of filled.rows) await admin.query(`drop database if exists "${datname.replaceAll('"', '""')}" with (force)`);
    } catch (error) {
      console.warn(`could not drop this run's template databases: ${String(error)}`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  };
}
