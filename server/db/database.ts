import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The query interface every server module uses. Both drivers (PGlite and node-postgres) satisfy
 * it, so one set of queries runs on the embedded database and on PostgreSQL.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseDriver = "pglite" | "postgres";

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
  /** Idempotent. */
  readonly close: () => Promise<void>;
  readonly isClosed: () => boolean;
};
