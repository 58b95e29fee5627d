import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, serverEnv, startServer, stopServer, waitForHealth } from "../../../tests/bench/load/server-process.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// The /rtm status pass across TWO API PROCESSES (issue 36): the real server (`server/main.ts`)
// started twice as child processes on one PostgreSQL database, each starting its own background
// pass. The test holds a SHARE lock on rtm_month_statuses (reads go on, writes wait) while the two
// first passes come due, so whichever pass starts first is held inside its work: the other process
// must find it running and skip its turn. Then the lock goes, and the statuses are stored by that one
// pass alone. Without the advisory lock both passes would judge every patient and both would store.
// PostgreSQL only: PGlite's data folder has one owner process, so there is no second process.
const NO_POSTGRES = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "";
const TIMEOUT = 300_000;
const PATIENTS = 300;

type LogLine = { readonly msg?: string; readonly stored?: number };
type ApiProcess = { readonly child: ChildProcess; readonly lines: LogLine[] };

describe.skipIf(NO_POSTGRES)("the /rtm status pass across two API processes (PostgreSQL only: set DATABASE_URL to run it)", () => {
  let world: PatientsWorld;
  let url = "";
  let holder: pg.Client | undefined;
  const processes: ApiProcess[] = [];

  const start = async (): Promise<ApiProcess> => {
    const port = await freePort();
    const child = startServer(serverEnv(port, { DATABASE_URL: url, LOG_LEVEL: "debug" }), "pipe");
    const lines: LogLine[] = [];
    if (child.stdout !== null) {
      createInterface({ input: child.stdout }).on("line", (line) => {
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
      });
    }
    const started = { child, lines };
    processes.push(started);
    await waitForHealth(`http://127.0.0.1:${port}`, child);
    return started;
  };
  const said = (process: ApiProcess, msg: string): LogLine[] => process.lines.filter((line) => line.msg === msg);

  beforeAll(async () => {
    world = await patientsWorld("postgres", "rtmpass");
    await world.t.database.db.execute(sql`insert into patients (institution_id, first_name, last_name, email, birthdate, gender, assigned_staff_id, status)
      select ${world.clinic}, 'Pass' || n, 'Patient', 'pass' || n || '@rtmpass.test', date '1950-01-02', 'female', ${world.slpStaffId}, 'active'
      from generate_series(1, ${PATIENTS}) n`);
    const name = String(rowsOf(await world.t.database.db.execute(sql`select current_database() as name`))[0]?.name);
    const address = new URL(process.env.DATABASE_URL ?? "");
    address.pathname = `/${name}`;
    url = address.toString();
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table rtm_month_statuses in share mode");
  }, TIMEOUT);
  afterAll(async () => {
    await holder?.query("rollback").catch(() => undefined);
    await holder?.end().catch(() => undefined);
    await Promise.all(processes.map((one) => stopServer(one.child)));
    await world?.t.close();
  }, TIMEOUT);

  it(
    "one process does the pass while the other skips its turn, and every status is stored once",
    async () => {
      const live = Number(rowsOf(await world.t.database.db.execute(sql`select count(*)::int as n from patients where archived_at is null`))[0]?.n);
      expect(live).toBeGreaterThanOrEqual(PATIENTS);
      const [a, b] = await Promise.all([start(), start()]);
      if (a === undefined || b === undefined) throw new Error("no processes");
      // Each first pass comes 15 s after its process starts; the first to come is held by the table lock.
      const skipped = "rtm status pass skipped: another process is running one";
      await expect.poll(() => said(a, skipped).length + said(b, skipped).length, { timeout: 120_000, interval: 1_000 }).toBeGreaterThan(0);
      await holder?.query("commit");
      const storedBy = (one: ApiProcess): number => said(one, "rtm status pass stored statuses").reduce((sum, line) => sum + (line.stored ?? 0), 0);
      // Each patient's current month and the month before (open: its claim lines are stored for the month-end).
      const months = 2 * live;
      await expect.poll(() => storedBy(a) + storedBy(b), { timeout: 120_000, interval: 1_000 }).toBeGreaterThanOrEqual(months);
      // One process stored them all, the other none: no patient was judged and stored twice.
      expect([storedBy(a), storedBy(b)].sort((x, y) => x - y)).toEqual([0, months]);
      const kept = rowsOf(await world.t.database.db.execute(sql`select count(*)::int as n, count(*) filter (where not stale)::int as fresh from rtm_month_statuses`))[0];
      expect({ n: Number(kept?.n), fresh: Number(kept?.fresh) }).toEqual({ n: months, fresh: months });
    },
    TIMEOUT,
  );
});
