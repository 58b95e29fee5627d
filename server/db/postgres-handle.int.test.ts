import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
