import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Database } from "./database.ts";
import { rowsOf } from "./rows-of.ts";
import { postgresHandle } from "./postgres-handle.ts";
import { SNAPSHOT_SIBLINGS_MAX } from "./snapshot-readers.ts";
import { TEST_DRIVERS, createTestDatabase } from "./test-database.ts";

// Readers of one snapshot (server/db/snapshot-readers.ts; the month-end's totals read on two
// connections, issue 36): on PostgreSQL every reader sees the first's snapshot, none can write, the
// extra connections are bounded per process and closed after; the embedded database gives one reader.
const TIMEOUT = 60_000;

const one = async (db: Database, query: ReturnType<typeof sql>): Promise<unknown> => rowsOf(await db.execute(query))[0]?.value;

describe.each(TEST_DRIVERS)("readSnapshot (%s)", (driver) => {
  it(
    "hands readers that all see the snapshot of the call and nothing committed after it, and none of them writes",
    async () => {
      const database = await createTestDatabase(driver);
      try {
        await database.exec("create table snapshot_probe (n int primary key); insert into snapshot_probe values (1)");
        const seen = await database.readSnapshot(1, async (readers) => {
          // A row committed after the readers opened: no reader may count it.
          if (driver === "postgres") await database.db.execute(sql`insert into snapshot_probe values (2)`);
          return Promise.all(
            readers.map(async (reader) => ({
              count: Number(await one(reader, sql`select count(*) as value from snapshot_probe`)),
              backend: Number(await one(reader, sql`select pg_backend_pid() as value`)),
            })),
          );
        });
        expect(seen.length).toBe(driver === "postgres" ? 2 : 1);
        for (const reader of seen) expect(reader.count).toBe(1);
        expect(new Set(seen.map((reader) => reader.backend)).size).toBe(seen.length);
        await expect(database.readSnapshot(1, (readers) => Promise.all(readers.map((reader) => reader.execute(sql`insert into snapshot_probe values (3)`))))).rejects.toThrow();
        expect(Number(await one(database.db, sql`select count(*) as value from snapshot_probe where n = 3`))).toBe(0);
      } finally {
        await database.close();
      }
    },
    TIMEOUT,
  );
});

describe.skipIf(!TEST_DRIVERS.includes("postgres"))("readSnapshot's extra connections (postgres)", () => {
  it(
    "opens no more than its limit at once, whoever asks, and closes each one after, a failed read's too",
    async () => {
      const database = await createTestDatabase("postgres");
      try {
        // One more call than the limit, each asking for one extra reader and holding it until all have their readers.
        const calls = SNAPSHOT_SIBLINGS_MAX + 1;
        let arrived = 0;
        let everyone: () => void = () => undefined;
        const together = new Promise<void>((resolve) => (everyone = resolve));
        const held = await Promise.all(
          Array.from({ length: calls }, () =>
            database.readSnapshot(1, async (readers) => {
              arrived += 1;
              if (arrived === calls) everyone();
              await together;
              return Promise.all(readers.slice(1).map((reader) => one(reader, sql`select pg_backend_pid() as value`)));
            }),
          ),
        );
        const extras = held.flat().map(Number);
        expect(extras.length).toBe(SNAPSHOT_SIBLINGS_MAX);
        await expect(database.readSnapshot(1, async (readers) => {
          extras.push(Number(await one(readers[1] ?? readers[0], sql`select pg_backend_pid() as value`)));
          throw new Error("the read failed");
        })).rejects.toThrow("the read failed");
        await expect
          .poll(async () => Number(await one(database.db, sql`select count(*) as value from pg_stat_activity where pid = any(${`{${extras.join(",")}}`}::int[])`)), { timeout: 30_000 })
          .toBe(0);
      } finally {
        await database.close();
      }
    },
    TIMEOUT,
  );

  it(
    "reads on its one connection when no other can be opened",
    async () => {
      const database = await createTestDatabase("postgres");
      const name = String(rowsOf(await database.db.execute(sql`select current_database() as name`))[0]?.name);
      const url = new URL(process.env.DATABASE_URL ?? "");
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      const other = postgresHandle(pool);
      try {
        // The pool keeps its open connection; any new one goes to a port where nothing answers.
        await other.db.execute(sql`select 1`);
        pool.options.connectionString = "postgres://postgres@127.0.0.1:1/nothing";
        const counted = await other.readSnapshot(1, async (readers) => ({ readers: readers.length, one: Number(await one(readers[0], sql`select 1 as value`)) }));
        expect(counted).toEqual({ readers: 1, one: 1 });
      } finally {
        await other.close();
        await database.close();
      }
    },
    TIMEOUT,
  );
});
