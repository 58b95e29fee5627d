import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ReadSnapshot } from "./snapshot-readers.ts";

/**
 * The query interface every server module uses. Both drivers (PGlite and node-postgres) satisfy
 * it, so one set of queries runs on the embedded database and on PostgreSQL.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseDriver = "pglite" | "postgres";

/** What runAlone did: ran (and what `run` answered), or left the work to the process that holds the key. */
export type AloneRun<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/** An open database and the one way to let go of it (an open PGlite keeps Node alive). */
export type DatabaseHandle = {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /** Applies the committed SQL migrations in server/db/migrations (idempotent). */
  readonly migrate: () => Promise<void>;
  /** Runs SQL text holding several statements (tests, maintenance); never request data. */
  readonly exec: (sqlText: string) => Promise<void>;
  /**
   * Is the database there? Cheap and never queued behind request queries (readiness probes
   * must answer during load): its own connection on PostgreSQL, the process on the embedded one.
   */
  readonly ping: () => Promise<void>;
  /**
   * Runs `run` in this process only if no other process on the database runs work under the same
   * `key` now: on PostgreSQL a session advisory lock (pg_try_advisory_lock) on a connection of its
   * own, held for the run and let go with the connection if the process dies; the embedded database
   * has one owner process, so there it just runs. `ran: false` when another process holds the key.
   */
  readonly runAlone: <T>(key: number, run: () => Promise<T>) => Promise<AloneRun<T>>;
  /**
   * Runs `run` in a read-only repeatable-read transaction with readers that all see its snapshot: the
   * transaction, and on PostgreSQL up to `extra` more on connections of their own (server/db/snapshot-readers.ts).
   */
  readonly readSnapshot: ReadSnapshot;
  /** Idempotent. */
  readonly close: () => Promise<void>;
  readonly isClosed: () => boolean;
};
