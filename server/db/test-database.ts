import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseDriver, DatabaseHandle } from "./database.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";
import { pgliteHandle } from "./pglite-handle.ts";
import { postgresHandle } from "./postgres-handle.ts";

/**
 * The drivers database suites run on: PGlite always, PostgreSQL too when DATABASE_URL points at
 * a server. Use with `describe.each(TEST_DRIVERS)`.
 */
export const TEST_DRIVERS: readonly DatabaseDriver[] =
  process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite"] : ["pglite", "postgres"];

/** A fingerprint of the migrations, so a cached snapshot is rebuilt whenever they change. */
const migrationsFingerprint = async (): Promise<string> => {
  const hash = createHash("sha256");
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).map(String).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if ((await stat(full)).isFile()) hash.update(file).update(await readFile(full));
  }
  const pgliteVersion = JSON.parse(
    await readFile(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8"),
  ) as { version?: string };
  hash.update(pgliteVersion.version ?? "unknown");
  return hash.digest("hex").slice(0, 16);
};

let snapshotPromise: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data folder as a tarball. Creating PGlite from scratch and migrating
 * takes seconds; loading this snapshot well under one. It is cached in the system temp folder
 * across test files and runs, and written atomically because parallel workers may race to build it.
 */
const migratedSnapshot = (): Promise<Blob> => {
  snapshotPromise ??= (async () => {
    const folder = path.join(tmpdir(), "portal-test-db");
    const file = path.join(folder, `migrated-${await migrationsFingerprint()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const client = new PGlite();
      const handle = pgliteHandle(client);
      try {
        await handle.migrate();
        const dump = await client.dumpDataDir("none");
        const bytes = new Uint8Array(await dump.arrayBuffer());
        await mkdir(folder, { recursive: true });
        const partial = `${file}.${process.pid}.${randomUUID()}.partial`;
        await writeFile(partial, bytes);
        await rename(partial, file);
        return new Blob([bytes]);
      } finally {
        await handle.close();
      }
    }
  })();
  return snapshotPromise;
};

const createPgliteDatabase = async (): Promise<DatabaseHandle> => {
  const client = new PGlite({ loadDataDir: await migratedSnapshot() });
  await client.waitReady;
  return pgliteHandle(client);
};

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A fresh, uniquely named database on the DATABASE_URL server, dropped again on close. */
const createPostgresDatabase = async (serverUrl: string): Promise<DatabaseHandle> => {
  const name = `portal_test_${process.pid}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${quoteIdentifier(name)}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on("error", () => undefined);
  const inner = postgresHandle(pool);
  await inner.migrate();
  return {
    ...inner,
    close: async () => {
      if (inner.isClosed()) return;
      await inner.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
};

/**
 * A migrated, empty database of its own for one test file (or one test): in-memory PGlite, or a
 * new database on the DATABASE_URL server. Always `close()` it in afterAll.
 */
export const createTestDatabase = async (driver: DatabaseDriver): Promise<DatabaseHandle> => {
  if (driver === "pglite") return createPgliteDatabase();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === "") {
    throw new Error("the postgres test driver needs DATABASE_URL");
  }
  return createPostgresDatabase(serverUrl);
};
