import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { DatabaseHandle } from "./database.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";

// Any constant works; every API process only has to use the same one.
const MIGRATION_LOCK_KEY = 73_102_026;

/**
 * Wraps a node-postgres pool. Migration holds an advisory lock so API processes that start
 * together behind a load balancer never migrate at the same time.
 */
export const postgresHandle = (pool: pg.Pool): DatabaseHandle => {
  let closed = false;
  return {
    db: drizzle({ client: pool }),
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
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    isClosed: () => closed,
  };
};
