import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./database.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";
import { oneSnapshotReader } from "./snapshot-readers.ts";

/** Wraps an open PGlite; closing it is what lets the Node process exit. */
export const pgliteHandle = (client: PGlite): DatabaseHandle => {
  const db = drizzle({ client });
  let closed = false;
  return {
    db,
    driver: "pglite",
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    ping: async () => {
      await client.query("select 1");
    },
    // One process owns an embedded database, and a periodic pass never overlaps itself.
    runAlone: async (_key, run) => ({ ran: true, value: await run() }),
    readSnapshot: oneSnapshotReader(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    isClosed: () => closed,
  };
};
