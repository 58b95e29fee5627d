import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "./connect.ts";
import { isAlive, LOCK_FILE_NAME } from "./data-folder-lock.ts";
import type { DatabaseHandle } from "./database.ts";
import { socketCandidate } from "./local-socket.ts";

// The connect path `npm start` takes without DATABASE_URL: PGlite in a child process of its own,
// reached over its Unix socket with node-postgres. Slow on a busy machine (a new data folder is
// an initdb), hence one folder for the file and generous timeouts.
const SLOW = 300_000;

const lockOwner = async (dataDir: string): Promise<{ pid: number; databasePid?: number }> =>
  JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), "utf8")) as { pid: number; databasePid?: number };

// Both drivers answer execute() with node-postgres' result shape; the shared Database type does not say so.
const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

const waitUntil = async (condition: () => boolean, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("connectDatabase on the embedded database (its own process)", () => {
  let dataDir = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "portal-connect-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "starts, migrates, answers concurrent queries and transactions, and stops cleanly",
    async () => {
      const handle = await connectDatabase({ dataDir });
      expect(handle.driver).toBe("pglite");
      const owner = await lockOwner(dataDir);
      expect(owner.pid).toBe(process.pid);
      const databasePid = owner.databasePid ?? -1;
      expect(databasePid).not.toBe(process.pid);
      expect(isAlive(databasePid)).toBe(true);
      // The socket lives in the data folder: no TCP port at all.
      expect(existsSync(path.join(dataDir, ".s.PGSQL.5432"))).toBe(true);

      await handle.migrate();
      await handle.exec("create table probe (n integer primary key, label text not null)");
      // Parameterised statements and transactions from many callers at once: each gets its own
      // answer, and every transaction commits whole (none sees another's parameters).
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          n % 3 === 0
            ? handle.db.transaction(async (tx) => {
                await tx.execute(sql`insert into probe (n, label) values (${n}, ${`row ${n}`})`);
                const rows = await tx.execute(sql`select label from probe where n = ${n}`);
                return rowsOf(rows)[0]?.label;
              })
            : handle.db.execute(sql`select ${`answer ${n}`}::text as label`).then((rows) => rowsOf(rows)[0]?.label),
        ),
      );
      expect(results).toEqual(Array.from({ length: 30 }, (_, n) => (n % 3 === 0 ? `row ${n}` : `answer ${n}`)));

      // A ping (what /api/health asks) answers while a transaction holds the pool's only
      // connection: queued behind it, the ping would never resolve, since the transaction waits
      // for the ping.
      let releaseTransaction: () => void = () => undefined;
      let transactionStarted: () => void = () => undefined;
      const started = new Promise<void>((resolve) => {
        transactionStarted = resolve;
      });
      const transaction = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        transactionStarted();
        await new Promise<void>((resolve) => {
          releaseTransaction = resolve;
        });
      });
      await started;
      await handle.ping();
      releaseTransaction();
      await transaction;

      // Background work that must run alone (runAlone) just runs here, on the pool's one connection:
      // one process owns the data folder, and a second connection to the socket would wait for ever.
      expect(await handle.runAlone(240_036, async () => Number(rowsOf(await handle.db.execute(sql`select 7 as n`))[0]?.n))).toEqual({ ran: true, value: 7 });

      await handle.close();
      expect(handle.isClosed()).toBe(true);
      await expect(handle.ping()).rejects.toThrow();
      await waitUntil(() => !isAlive(databasePid), 20_000);
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
      expect(existsSync(path.join(dataDir, ".s.PGSQL.5432"))).toBe(false);
    },
    SLOW,
  );

  it(
    "runs a named prepared statement again after the connection sat idle past the pool's default idle timeout",
    async () => {
      // The embedded database keeps one session for every connection: a pool that closed its idle
      // connection after 10 s and opened a new one failed to prepare the same name again (42P05),
      // which broke the audit insert of the first request after a pause (issue 22).
      const handle = await connectDatabase({ dataDir });
      const named = handle.db.select({ n: sql<number>`${sql.placeholder("n")}::int` }).from(sql`(select 1) as one`).prepare("connect_test_named");
      expect(await named.execute({ n: 1 })).toEqual([{ n: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await named.execute({ n: 2 })).toEqual([{ n: 2 }]);
      await handle.close();
    },
    SLOW,
  );

  it(
    "keeps what was written across a restart, and reports the database process dying",
    async () => {
      const lost: string[] = [];
      const handle: DatabaseHandle = await connectDatabase({ dataDir, onDatabaseLost: (description) => lost.push(description) });
      const rows = await handle.db.execute(sql`select count(*)::int as count from probe`);
      expect(rowsOf(rows)[0]).toEqual({ count: 10 });

      const databasePid = (await lockOwner(dataDir)).databasePid ?? -1;
      process.kill(databasePid, "SIGKILL");
      await waitUntil(() => lost.length > 0, 20_000);
      expect(lost).toEqual([expect.stringContaining(`pid ${databasePid}) stopped unexpectedly (signal SIGKILL)`)]);
      // Queries fail instead of hanging.
      await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
      await handle.close();
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    },
    SLOW,
  );

  it(
    "starts again on the folder a killed database process left (its socket file still there)",
    async () => {
      const handle = await connectDatabase({ dataDir });
      const rows = await handle.db.execute(sql`select count(*)::int as count from probe`);
      expect(rowsOf(rows)[0]).toEqual({ count: 10 });
      await handle.close();
    },
    SLOW,
  );
});

// PostgreSQL through DATABASE_URL: an idle connection outlives node-postgres's default of ten
// seconds (POSTGRES_POOL), so a request after a quiet spell finds its backend warm (its named
// statements planned, the arrival's trigger functions compiled) instead of opening a new one.
describe.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "")("connectDatabase on PostgreSQL", () => {
  const overSocket = async (handle: DatabaseHandle): Promise<boolean> =>
    rowsOf(await handle.db.execute(sql`select inet_server_addr() is null as socket`))[0]?.socket === true;

  // The server's Unix socket when the URL names this machine (local-socket.ts): inet_server_addr()
  // is null on a socket connection. Only where this machine's server has one (CI's has).
  it.skipIf(socketCandidate(process.env.DATABASE_URL ?? "") === undefined)(
    "a URL naming this machine goes over the server's Unix socket; one that sets host=127.0.0.1 stays on TCP",
    async () => {
      const url = process.env.DATABASE_URL ?? "";
      const local = await connectDatabase({ databaseUrl: url, dataDir: "unused" });
      try {
        expect(await overSocket(local)).toBe(true);
      } finally {
        await local.close();
      }
      const pinned = new URL(url);
      pinned.searchParams.set("host", pinned.hostname);
      const tcp = await connectDatabase({ databaseUrl: pinned.toString(), dataDir: "unused" });
      try {
        expect(await overSocket(tcp)).toBe(false);
      } finally {
        await tcp.close();
      }
    },
    SLOW,
  );

  it(
    "keeps an idle connection past ten seconds: the next query runs in the same backend",
    async () => {
      const handle = await connectDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "unused" });
      try {
        const backend = async () => Number(rowsOf(await handle.db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid);
        const first = await backend();
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        expect(await backend()).toBe(first);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );
});
