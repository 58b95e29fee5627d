import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseHandle } from "./database.ts";
import { pgliteHandle } from "./pglite-handle.ts";
import { postgresHandle } from "./postgres-handle.ts";

export type ConnectOptions = {
  /** PostgreSQL URL; when set it wins over `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** PGlite folder, or "memory://" for a throwaway in-memory database. */
  readonly dataDir: string;
};

/** Connects to PostgreSQL when a URL is given, otherwise opens (creating if needed) PGlite in `dataDir`. */
export const connectDatabase = async (options: ConnectOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A pooled client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => undefined);
    try {
      await pool.query("select 1");
    } catch (error) {
      await pool.end();
      throw error;
    }
    return postgresHandle(pool);
  }
  const inMemory = options.dataDir === "memory://";
  if (!inMemory) await mkdir(options.dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(options.dataDir);
  await client.waitReady;
  return pgliteHandle(client);
};
