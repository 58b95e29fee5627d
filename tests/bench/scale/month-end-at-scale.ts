// `npx tsx tests/bench/scale/month-end-at-scale.ts [--month=YYYY-MM] [--rounds=N] [--port=N]`: the
// RTM month-end at a real institution's size (issue 36), through the real server in a child process
// (the app server/main.ts builds, without its background passes: month-end-server.ts) on
// BENCH_DATABASE_URL, seeded beforehand with `npm run seed:large -- --patients 100000` (its
// administrator admin@large.test signs in).
//
// It times, as the administrator, for an ended month (the previous one by default, left open):
// - the month's totals (GET /api/rtm/months/{month}/), `rounds` times;
// - the whole CSV (GET .../export.csv): first byte, last byte, bytes; the server's resident memory
//   sampled every 100 ms beside its idle figure;
// while a worker thread samples GET /api/health every 50 ms (its p99 while month-end runs).
// Goals (issue 36): totals <= 5 s, the CSV <= 10 s with the server within 50 MB of idle, health p99 <= 100 ms.
//
// The month's claim lines are stored with its statuses (migration 0038) by the background pass, which
// stores an ended month ahead; the month-end's reads store nothing, so while a month is not stored
// every round judges it in the read (the cold case). `--cold` forgets the month's stored rows first
// (deletes them) to measure that; `--stored` then stores the month as the pass does (timed) before
// the rounds; the count of stored rows at the start is printed either way. Nothing else is written
// but audit rows.
import { spawn } from "node:child_process";
import pg from "pg";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { percentile, sampleHealth } from "../load/health-sampler.ts";
import { API_KEY, freePort, serverEnv, signIn, stopServer, waitForHealth } from "../load/server-process.ts";
import { loadConfig } from "../../../server/config.ts";
import { connectDatabase } from "../../../server/db/connect.ts";
import { rtmMonthContext } from "../../../server/features/billing/rtm-month-rows.ts";
import { refreshStatuses } from "../../../server/features/billing/rtm-status-store.ts";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const url = process.env.BENCH_DATABASE_URL;
if (url === undefined || url === "") throw new Error("set BENCH_DATABASE_URL to a database seeded with `npm run seed:large`");
const rounds = Number(argument("rounds") ?? 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const previousMonth = (): string => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
};
const month = argument("month") ?? previousMonth();
const cold = process.argv.includes("--cold");
const storeFirst = process.argv.includes("--stored");

/** The administrator's institution's month stored as the background pass stores it (rtm-status-store-pass.ts); the lines stored. */
const storeMonth = async (client: pg.Client): Promise<number> => {
  const institutionId = Number((await client.query<{ id: number }>("select institution_id as id from users where email = 'admin@large.test'")).rows[0]?.id);
  const loaded = loadConfig({ ...process.env, DATABASE_URL: url });
  if (!loaded.ok) throw new Error(`configuration: ${loaded.problems.join("; ")}`);
  const database = await connectDatabase(loaded.config);
  try {
    const context = await rtmMonthContext(database.db, institutionId, month, new Date());
    return (await refreshStatuses(database.db, context, { institutionId, staffId: null }, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).stored;
  } finally {
    await database.close();
  }
};

/** Resident memory (MB) of a process and its descendants' biggest one: tsx runs the server in a child of its own. */
const childrenOf = (pid: number): number[] => {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
};
const rssMb = (pid: number): number => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match === null ? 0 : Number(match[1]) / 1024;
  } catch {
    return 0;
  }
};
const serverRss = (root: number): number => Math.max(rssMb(root), ...childrenOf(root).map(rssMb));

/** Samples the server's memory every 100 ms until stopped; gives the highest figure. */
const sampleMemory = (root: number): (() => number) => {
  let peak = serverRss(root);
  const timer = setInterval(() => {
    peak = Math.max(peak, serverRss(root));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, serverRss(root));
  };
};

const port = Number(argument("port") ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [createRequire(import.meta.url).resolve("tsx/cli"), fileURLToPath(new URL("month-end-server.ts", import.meta.url))], {
  env: serverEnv(port, { DATABASE_URL: url }),
  stdio: ["ignore", "ignore", "inherit"],
});
const headersOf = (token: string) => ({ "x-api-key": API_KEY, authorization: `Bearer ${token}` });
try {
  await waitForHealth(base, child);
  const pid = child.pid ?? 0;
  const token = await signIn(base, "admin@large.test");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (cold) await client.query("delete from rtm_month_statuses where month = $1", [month]);
  if (storeFirst) {
    const started = performance.now();
    const lines = await storeMonth(client);
    process.stdout.write(`stored ${lines} lines of ${month} as the background pass does, in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const stored = (await client.query<{ n: number }>("select count(*)::int as n from rtm_month_statuses where month = $1 and not stale", [month])).rows[0]?.n ?? 0;
  await client.end();
  process.stdout.write(`month-end of ${month} at ${new URL(url).pathname.slice(1)}${cold ? " (cold)" : ""}${storeFirst ? " (stored first)" : ""}: ${stored} fresh stored lines at the start\n`);
  await sleep(3_000);
  const idle = serverRss(pid);
  const stopHealth = sampleHealth(base, 10_000);

  const totals: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/api/rtm/months/${month}/`, { headers: headersOf(token), signal: AbortSignal.timeout(300_000) });
    const body = (await response.json()) as { totals?: { patients: number; billable: number } };
    if (!response.ok) throw new Error(`totals answered ${response.status}: ${JSON.stringify(body)}`);
    totals.push(performance.now() - started);
    if (round === 0) process.stdout.write(`  totals: ${body.totals?.patients} patients, ${body.totals?.billable} billable\n`);
  }

  // The totals above may have judged the month (cold): what the server holds after them, before the CSVs.
  const beforeExports = serverRss(pid);
  const exports: Array<{ first: number; whole: number; bytes: number; peak: number }> = [];
  for (let round = 0; round < Math.max(1, rounds - 1); round += 1) {
    const stopMemory = sampleMemory(pid);
    const started = performance.now();
    const response = await fetch(`${base}/api/rtm/months/${month}/export.csv`, { headers: headersOf(token), signal: AbortSignal.timeout(300_000) });
    if (!response.ok || response.body === null) throw new Error(`the CSV answered ${response.status}: ${await response.text()}`);
    let first = Number.NaN;
    let bytes = 0;
    for await (const chunk of response.body) {
      if (Number.isNaN(first)) first = performance.now() - started;
      bytes += chunk.byteLength;
    }
    exports.push({ first, whole: performance.now() - started, bytes, peak: stopMemory() });
  }
  const health = await stopHealth();

  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `| month-end at ${month} | figure | goal |`,
    "|---|---:|---|",
    `| totals (administrator), ${rounds} rounds | ${totals.map(s).join(", ")} | <= 5 s |`,
    ...exports.map((one, index) => `| CSV #${index + 1}: first byte / whole / size | ${s(one.first)} / ${s(one.whole)} / ${(one.bytes / 1e6).toFixed(1)} MB | whole <= 10 s |`),
    `| server memory: idle / before the CSVs / peak during the CSVs | ${idle.toFixed(0)} MB / ${beforeExports.toFixed(0)} MB / ${Math.max(...exports.map((one) => one.peak)).toFixed(0)} MB | peak within 50 MB of idle |`,
    `| /api/health while month-end ran: p50 / p99 / max (${health.samples.length} samples, ${health.failures} failed) | ${percentile(health.samples, 50).toFixed(0)} / ${percentile(health.samples, 99).toFixed(0)} / ${Math.max(...health.samples).toFixed(0)} ms | p99 <= 100 ms |`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await stopServer(child);
}
