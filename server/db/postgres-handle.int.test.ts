import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { rowsOf } from "./rows-of.ts";
import { postgresHandle } from "./postgres-handle.ts";
import { TEST_DRIVERS, createTestDatabase } from "./test-database.ts";

// PostgreSQL only: the ping's own connection (the in-process PGlite of the test suites is one
// session, where a ping waits its turn like any query).
describe.skipIf(!TEST_DRIVERS.includes("postgres"))("postgresHandle ping (postgres)", () => {
  it("answers while every pooled connection is held, and fails once closed", async () => {
    const database = await createTestDatabase("postgres");
    // The test pool holds 4 connections: hold them all in open transactions.
    const releases: (() => void)[] = [];
    const holding: Promise<void>[] = [];
    const started: Promise<void>[] = [];
    for (let i = 0; i < 4; i += 1) {
      let begun: () => void = () => undefined;
      started.push(new Promise<void>((resolve) => (begun = resolve)));
      holding.push(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          begun();
          await new Promise<void>((resolve) => releases.push(resolve));
        }),
      );
    }
    await Promise.all(started);
    // Queued in the pool, the ping would wait for these transactions, which wait for the ping.
    await database.ping();
    for (const release of releases) release();
    await Promise.all(holding);
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  }, 60_000);
});

// Two API processes are two pools on one database: a second handle on the same database stands in
// for the other process (server/features/billing/rtm-status-pass-processes.int.test.ts starts real ones).
describe.skipIf(!TEST_DRIVERS.includes("postgres"))("postgresHandle runAlone (postgres)", () => {
  it("runs the work in one process at a time: the other is told it did not run, and gets the key once it is let go, even after a failure", async () => {
    const database = await createTestDatabase("postgres");
    const name = String(rowsOf(await database.db.execute(sql`select current_database() as name`))[0]?.name);
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${name}`;
    const other = postgresHandle(new pg.Pool({ connectionString: url.toString(), max: 2 }));
    const KEY = 991_001;
    try {
      const outer = await database.runAlone(KEY, async () => {
        // The work itself uses the pool freely while the key is held on a connection of its own.
        await database.db.execute(sql`select 1`);
        return other.runAlone(KEY, async () => "twice");
      });
      expect(outer).toEqual({ ran: true, value: { ran: false } });
      expect(await other.runAlone(KEY, async () => "now")).toEqual({ ran: true, value: "now" });
      await expect(other.runAlone(KEY, async () => Promise.reject(new Error("the work failed")))).rejects.toThrow("the work failed");
      expect(await database.runAlone(KEY, async () => "after the failure")).toEqual({ ran: true, value: "after the failure" });
      // Another key is another piece of work.
      expect(await database.runAlone(KEY, () => other.runAlone(KEY + 1, async () => "other work"))).toEqual({ ran: true, value: { ran: true, value: "other work" } });
    } finally {
      await other.close();
      await database.close();
    }
  }, 60_000);
});
