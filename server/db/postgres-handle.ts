import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { DatabaseHandle } from "./database.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";
import { sharedSnapshotReaders } from "./snapshot-readers.ts";

// Any constant works; every API process only has to use the same one.
const MIGRATION_LOCK_KEY = 73_102_026;
const PING_TIMEOUT_MS = 5_000;

/**
 * Wraps a node-postgres pool. Migration holds an advisory lock so API processes that start
 * together behind a load balancer never migrate at the same time. Pings use a connection of
 * their own, so a probe never waits behind the requests queued for the pool. runAlone holds its
 * advisory lock on a connection of its own too: a session lock taken through the pool would stay
 * with whichever pooled connection ran it, and the work it guards runs on the pool meanwhile.
 */
export const postgresHandle = (pool: pg.Pool): DatabaseHandle => {
  let closed = false;
  let pingClient: Promise<pg.Client> | undefined;
  const dropPingClient = (): void => {
    const client = pingClient;
    pingClient = undefined;
    void client?.then((c) => c.end()).catch(() => undefined);
  };
  const db = drizzle({ client: pool });
  return {
    db,
    driver: "postgres",
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    runAlone: async (key, run) => {
      const client = new pg.Client(pool.options);
      client.on("error", () => undefined);
      await client.connect();
      try {
        const taken = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [key]);
        if (taken.rows[0]?.taken !== true) return { ran: false };
        try {
          return { ran: true, value: await run() };
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
        }
      } finally {
        // Ending the connection lets go of the lock even where the unlock failed.
        await client.end().catch(() => undefined);
      }
    },
    readSnapshot: sharedSnapshotReaders(pool, db),
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    ping: async () => {
      if (closed) throw new Error("the database handle is closed");
      pingClient ??= (async () => {
        const client = new pg.Client({ ...pool.options, connectionTimeoutMillis: PING_TIMEOUT_MS, query_timeout: PING_TIMEOUT_MS });
        // A broken connection is replaced at the next ping.
        client.on("error", () => dropPingClient());
        await client.connect();
        return client;
      })();
      try {
        await (await pingClient).query("select 1");
      } catch (error) {
        dropPingClient();
        throw error;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      dropPingClient();
      await pool.end();
    },
    isClosed: () => closed,
  };
};
