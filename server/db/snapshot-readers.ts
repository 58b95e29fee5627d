import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "./database.ts";
import { rowsOf } from "./rows-of.ts";

/** Readers of one snapshot: the transaction first, then any others that see exactly what it sees. */
export type SnapshotReaders = readonly [Database, ...Database[]];

/** Runs `run` with readers of one read-only snapshot; `extra` is how many more than the first it may get (never a promise of that many). */
export type ReadSnapshot = <T>(extra: number, run: (readers: SnapshotReaders) => Promise<T>) => Promise<T>;

const CONNECT_TIMEOUT_MS = 5_000;
const READ_SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

/**
 * Every process's limit on the connections opened to share a snapshot, across all requests at once:
 * they are opened beside the pool (a reader taken from the pool while the first holds a pooled
 * connection could wait for itself when every request did the same), so this is what keeps them
 * within the server's connection budget. A request that finds none free reads on its own connection.
 */
export const SNAPSHOT_SIBLINGS_MAX = 2;

/** One reader: a database with one connection (the embedded one) cannot run two statements at once. */
export const oneSnapshotReader =
  (db: Database): ReadSnapshot =>
  (_extra, run) =>
    db.transaction((tx) => run([tx]), READ_SNAPSHOT);

// pg_export_snapshot's identifiers are hexadecimal words joined by dashes; SET TRANSACTION SNAPSHOT takes a literal only.
const SNAPSHOT_ID = /^[0-9A-F]+(-[0-9A-F]+)+$/i;

/**
 * PostgreSQL: the first reader is a transaction on the pool; each further one is a transaction on a
 * connection of its own set to the first's exported snapshot (pg_export_snapshot, SET TRANSACTION
 * SNAPSHOT), so one consistent read keeps several backends busy at once (issue 36: the month-end's
 * reads, docs/server.md). The first transaction stays open until `run` is done, as the export needs.
 */
export const sharedSnapshotReaders = (pool: pg.Pool, db: Database): ReadSnapshot => {
  let open = 0;
  const withSibling = async <T>(snapshot: string, readers: SnapshotReaders, left: number, run: (readers: SnapshotReaders) => Promise<T>): Promise<T> => {
    if (left === 0 || open >= SNAPSHOT_SIBLINGS_MAX) return run(readers);
    open += 1;
    // Bounded like the health ping's: a server that takes no connection must not hold the request.
    const client = new pg.Client({ ...pool.options, connectionTimeoutMillis: pool.options.connectionTimeoutMillis || CONNECT_TIMEOUT_MS });
    // A connection lost meanwhile fails the statement that used it; the 'error' event alone must not end the process.
    client.on("error", () => undefined);
    try {
      // No connection to spare (the server's max_connections, say): the readers there are do the work.
      const connected = await client.connect().then(
        () => true,
        () => false,
      );
      if (!connected) return await run(readers);
      return await drizzle({ client }).transaction(async (sibling) => {
        await sibling.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
        return withSibling(snapshot, [...readers, sibling], left - 1, run);
      }, READ_SNAPSHOT);
    } finally {
      open -= 1;
      await client.end().catch(() => undefined);
    }
  };
  return (extra, run) =>
    db.transaction(async (tx) => {
      if (extra <= 0 || open >= SNAPSHOT_SIBLINGS_MAX) return run([tx]);
      const id = String(rowsOf(await tx.execute(sql`select pg_export_snapshot() as id`))[0]?.id ?? "");
      if (!SNAPSHOT_ID.test(id)) throw new Error(`an unexpected snapshot identifier: ${id}`);
      return withSibling(id, [tx], extra, run);
    }, READ_SNAPSHOT);
};
