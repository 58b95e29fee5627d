import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database, DatabaseDriver, DatabaseHandle } from "./database.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";
import { pgliteHandle } from "./pglite-handle.ts";
import { leasePglite } from "./pglite-pool.ts";
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

/**
 * Dumps the database's data folder to `file`, written atomically because parallel workers may
 * race to build the same snapshot (both are right; the last rename wins).
 */
const keepSnapshot = async (client: PGlite, file: string): Promise<Blob> => {
  const bytes = new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer());
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomUUID()}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return new Blob([bytes]);
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
        return await keepSnapshot(client, file);
      } finally {
        await handle.close();
      }
    }
  })();
  return snapshotPromise;
};

/**
 * A starting state several suites share, built once per run and copied per suite: `fill` writes
 * it into a migrated database (the demo seed, say). `name` tells the states apart; the run's id
 * is added, so a state is never reused by a later run whose seed code changed.
 */
export type TestTemplate = { readonly name: string; readonly fill: (db: Database) => Promise<void> };

/** The id vitest.config.ts gives this run (its workers inherit it); a process of its own otherwise. */
export const TEST_RUN_ID_VARIABLE = "PORTAL_TEST_RUN";
const testRunId = (): string => process.env[TEST_RUN_ID_VARIABLE] ?? `p${process.pid}`;

/** Where this run keeps its filled PGlite snapshots; the global teardown removes it. */
export const runSnapshotFolder = (runId: string): string => path.join(tmpdir(), "portal-test-db", `run-${runId}`);

const filledSnapshots = new Map<string, Promise<Blob>>();

/**
 * The template's PGlite snapshot: read from the run's folder when another worker built it, else
 * built here and written there atomically (two workers may both build it once; both are right).
 */
const filledSnapshot = (template: TestTemplate): Promise<Blob> => {
  let snapshot = filledSnapshots.get(template.name);
  if (snapshot === undefined) {
    snapshot = (async () => {
      const folder = runSnapshotFolder(testRunId());
      const file = path.join(folder, `${template.name}.tar`);
      try {
        return new Blob([await readFile(file)]);
      } catch {
        const client = new PGlite({ loadDataDir: await migratedSnapshot() });
        const handle = pgliteHandle(client);
        try {
          await template.fill(handle.db);
          return await keepSnapshot(client, file);
        } finally {
          await handle.close();
        }
      }
    })();
    filledSnapshots.set(template.name, snapshot);
    snapshot.catch(() => filledSnapshots.delete(template.name));
  }
  return snapshot;
};

// A new PGlite per suite costs 0.45–0.9 s; a closed one of this worker is reset and lent again
// instead (pglite-pool.ts).
const createPgliteDatabase = (template?: TestTemplate): Promise<DatabaseHandle> =>
  leasePglite(template?.name ?? "", async () => {
    const client = new PGlite({ loadDataDir: await (template === undefined ? migratedSnapshot() : filledSnapshot(template)) });
    await client.waitReady;
    return client;
  });

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

// Any constant works; every test process building the template uses the same one.
const TEMPLATE_LOCK_KEY = 73_102_027;
const TEMPLATE_PREFIX = "portal_template_";

const withAdmin = async <T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

let templatePromise: Promise<string> | undefined;

/**
 * The migrated, empty template database on the DATABASE_URL server, named after the migrations'
 * fingerprint: built once (under an advisory lock, so two workers never build it together) and
 * kept across runs until the migrations change, when the stale one is dropped. Every suite then
 * gets `create database … template` — a file copy — instead of running 30 migrations.
 */
const postgresTemplate = (serverUrl: string): Promise<string> => {
  templatePromise ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${await migrationsFingerprint()}`;
    await withAdmin(serverUrl, async (admin) => {
      await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
      try {
        const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
        if (found.rowCount !== 0) return;
        const building = `${name}_building_${process.pid}`;
        await admin.query(`drop database if exists ${quoteIdentifier(building)}`);
        await admin.query(`create database ${quoteIdentifier(building)}`);
        const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, building), max: 1 });
        try {
          await postgresHandle(pool).migrate();
        } finally {
          await pool.end();
        }
        // Renamed only when whole: a worker that died half-way leaves no template behind.
        await admin.query(`alter database ${quoteIdentifier(building)} rename to ${quoteIdentifier(name)}`);
        const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1 and datname <> $2", [`${TEMPLATE_PREFIX}%`, name]);
        for (const { datname } of stale.rows) await admin.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`).catch(() => undefined);
      } finally {
        await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
      }
    });
    return name;
  })();
  templatePromise.catch(() => {
    templatePromise = undefined;
  });
  return templatePromise;
};

/** The prefix of the run's filled template databases on the server; the global teardown drops them. */
export const filledTemplatePrefix = (runId: string): string => `portal_filled_${runId}_`;

const filledTemplates = new Map<string, Promise<string>>();

/**
 * The template's database on the server: a copy of the migrated template, filled once per run
 * under an advisory lock (the other worker waits, then copies it).
 */
const postgresFilledTemplate = (serverUrl: string, template: TestTemplate): Promise<string> => {
  let built = filledTemplates.get(template.name);
  if (built === undefined) {
    built = (async () => {
      const name = `${filledTemplatePrefix(testRunId())}${template.name}`;
      // Before the lock: building the migrated template takes the same lock.
      const base = await postgresTemplate(serverUrl);
      await withAdmin(serverUrl, async (admin) => {
        await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
        try {
          if ((await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount !== 0) return;
          const building = `${name}_building`;
          await admin.query(`drop database if exists ${quoteIdentifier(building)}`);
          await admin.query(`create database ${quoteIdentifier(building)} template ${quoteIdentifier(base)}`);
          const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, building), max: 1 });
          try {
            await template.fill(postgresHandle(pool).db);
          } finally {
            await pool.end();
          }
          await admin.query(`alter database ${quoteIdentifier(building)} rename to ${quoteIdentifier(name)}`);
        } finally {
          await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
        }
      });
      return name;
    })();
    filledTemplates.set(template.name, built);
    built.catch(() => filledTemplates.delete(template.name));
  }
  return built;
};

/** PostgreSQL's "invalid catalog name": the template was dropped by a run on other migrations. */
const TEMPLATE_MISSING = "3D000";

/** A fresh, uniquely named copy of the template on the DATABASE_URL server, dropped again on close. */
const createPostgresDatabase = async (serverUrl: string, template?: TestTemplate): Promise<DatabaseHandle> => {
  const name = `portal_test_${process.pid}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await withAdmin(serverUrl, async (admin) => {
    const copy = async (): Promise<void> => {
      const source = template === undefined ? await postgresTemplate(serverUrl) : await postgresFilledTemplate(serverUrl, template);
      await admin.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(source)}`);
    };
    try {
      await copy();
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_MISSING) throw error;
      templatePromise = undefined;
      await copy();
    }
  });

  const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, name), max: 4 });
  pool.on("error", () => undefined);
  const inner = postgresHandle(pool);
  return {
    ...inner,
    close: async () => {
      if (inner.isClosed()) return;
      await inner.close();
      await withAdmin(serverUrl, (dropper) => dropper.query(`drop database if exists ${quoteIdentifier(name)} with (force)`));
    },
  };
};

/**
 * A migrated database of its own for one test file (or one test): in-memory PGlite, or a new
 * database on the DATABASE_URL server; empty, or holding `template`'s state. Both are copies of a
 * state built once (a PGlite snapshot, a PostgreSQL template database), never migrated or seeded
 * again per suite. Always `close()` it in afterAll.
 */
export const createTestDatabase = async (driver: DatabaseDriver, template?: TestTemplate): Promise<DatabaseHandle> => {
  if (driver === "pglite") return createPgliteDatabase(template);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === "") {
    throw new Error("the postgres test driver needs DATABASE_URL");
  }
  return createPostgresDatabase(serverUrl, template);
};
