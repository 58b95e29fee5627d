import { mkdir } from "node:fs/promises";
import pg from "pg";
import { acquireDataFolderLock } from "./data-folder-lock.ts";
import type { DatabaseHandle } from "./database.ts";
import { startEmbeddedDatabase } from "./embedded-database.ts";
import { preferLocalSocket } from "./local-socket.ts";
import { postgresHandle } from "./postgres-handle.ts";
import { oneSnapshotReader } from "./snapshot-readers.ts";

export type ConnectOptions = {
  /** PostgreSQL URL; when set it wins over `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** PGlite folder, or "memory://" for a throwaway in-memory database. */
  readonly dataDir: string;
  /**
   * Called once if the embedded database's process dies while the server runs; the server
   * cannot go on without it (main.ts logs and exits non-zero). Defaults to doing nothing.
   */
  readonly onDatabaseLost?: ((description: string) => void) | undefined;
};

const openPool = async (config: pg.PoolConfig): Promise<pg.Pool> => {
  const pool = new pg.Pool(config);
  // A pooled client losing its connection must not crash the process; the next query reconnects.
  // The pool listens only to idle clients: one checked out (a transaction of a background pass when
  // the embedded database dies) would emit its error to nobody, so each gets a listener of its own
  // (its query still fails).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
};

/**
 * The API's pool on PostgreSQL. An idle connection is kept five minutes, not node-postgres's ten
 * seconds: a new connection is a new backend, which pays for the connection, plans each named
 * statement again (server/db/prepared.ts) and compiles the trigger functions a session's arrival
 * runs: its first upload's statement took 25 ms where a warm one takes 3-5 (issue 36,
 * docs/server.md "At 100,000 patients"). With a clinic's uploads a minute apart, ten seconds closed
 * the connection before nearly every one. A connection is still replaced after an hour, so no
 * backend's caches grow for the life of the server.
 */
export const POSTGRES_POOL = { max: 10, idleTimeoutMillis: 300_000, maxLifetimeSeconds: 3_600 } as const;

/**
 * Connects to PostgreSQL when a URL is given (over its Unix socket when the URL names this machine
 * and the socket reaches the same server: local-socket.ts). Otherwise locks `dataDir` for this process
 * (DataFolderInUse if another live server holds it), starts PGlite in a child process of its own
 * and connects to it with the same driver (node-postgres); closing stops that process and frees
 * the folder.
 */
export const connectDatabase = async (options: ConnectOptions): Promise<DatabaseHandle> => {
  // A URL naming this machine goes over the server's Unix socket when that reaches the same server (local-socket.ts).
  if (options.databaseUrl !== undefined) return postgresHandle(await openPool({ connectionString: await preferLocalSocket(options.databaseUrl), ...POSTGRES_POOL }));

  const inMemory = options.dataDir === "memory://";
  if (!inMemory) await mkdir(options.dataDir, { recursive: true });
  const lock = inMemory ? undefined : await acquireDataFolderLock(options.dataDir);
  try {
    const embedded = await startEmbeddedDatabase({ dataDir: options.dataDir, onUnexpectedExit: options.onDatabaseLost ?? (() => undefined) });
    await lock?.recordDatabasePid(embedded.pid);
    try {
      // One connection: see embedded-database-process.ts. Queries queue in the pool instead. The
      // embedded database keeps one session for every connection, so statements prepared on a
      // closed connection outlive it (server/db/prepared.ts): the connection is never closed for
      // being idle, and a new one (after a lost one) first forgets what the old one prepared,
      // its DEALLOCATE queued ahead of any query the pool hands it.
      const pool = await openPool({ host: embedded.address.host, port: embedded.address.port, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 0 });
      pool.on("connect", (client) => void client.query("deallocate all").catch(() => undefined));
      const inner = postgresHandle(pool);
      return {
        ...inner,
        driver: "pglite",
        // The embedded database takes one connection and has one owner process: nothing to coordinate.
        runAlone: async (_key, run) => ({ ran: true, value: await run() }),
        // Its one connection cannot share a snapshot with another.
        readSnapshot: oneSnapshotReader(inner.db),
        ping: async () => {
          if (inner.isClosed()) throw new Error("the database handle is closed");
          await embedded.ping();
        },
        close: async () => {
          if (inner.isClosed()) return;
          try {
            await inner.close();
          } finally {
            await embedded.stop();
            await lock?.release();
          }
        },
      };
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  } catch (error) {
    await lock?.release();
    throw error;
  }
};
