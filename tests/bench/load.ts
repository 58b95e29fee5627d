// `npm run bench:load [-- --scenario=ingest|dashboard] [--duration=S] [--quick] [--only=pglite|postgres]
//   [--pglite-port=N] [--postgres-port=N] [--connections=N] [--seed=demo|large] [--patients=N]`: load
// against the real server (`server/main.ts`, as `npm start` runs it, on fresh demo data), once on
// the embedded database (PGlite) and once on PostgreSQL. `--seed=large` also seeds a large
// institution (`seed:large`, --patients of them, 20,000 by default, 24 sessions per assignment over
// 90 days) before the server starts, and the ingest posts to its patients and reads its dashboards
// (issue 36: ingestion measured where the patient rows and their indexes are many).
//
// - ingest (the default, issue 22): 50 devices post sessions of 20 attempts (every fifth twice, a
//   retry) while 50 connections read the dashboards, for 30 s. Then the server stops and the run
//   checks the database itself: every upload the server answered 201 is stored exactly once, no
//   other session appeared, and the counters kept on write are exact (db:check-counters).
// - dashboard (issue 9): GET /api/patients/dashboard/ as the demo SLP on 100 connections.
// Goals: no errors, /api/health p99 <= 100 ms throughout; ingest also 0 duplicates and exact counters.
//
// Ports: the flags, else BENCH_PGLITE_PORT / BENCH_POSTGRES_PORT, else a free one the OS picks.
// PostgreSQL: DATABASE_URL when set, else postgres://postgres@127.0.0.1:5432/postgres, a fresh
// database created and dropped; skipped with a note when it does not answer.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { checkCounters } from "../../server/db/counters/check-counters.ts";
import { connectDatabase } from "../../server/db/connect.ts";
import { rowsOf } from "../../server/db/rows-of.ts";
import { runDashboardLoad } from "./load/dashboard-scenario.ts";
import { percentile } from "./load/health-sampler.ts";
import { CLINICIANS, DEMO_INGEST_ACCOUNTS, DEVICES, type IngestAccounts, type IngestResult, runIngestLoad } from "./load/ingest-scenario.ts";
import { loadConfig } from "../../server/config.ts";
import { seedLargeInstitution } from "../../server/seed/large-institution.ts";
import { seedDemoData } from "../../server/seed/seed-demo-data.ts";
import { syncReferenceData } from "../../server/seed/reference-data.ts";
import { freePort, serverEnv, startServer, stopServer, waitForHealth } from "./load/server-process.ts";

type DatabaseKind = "pglite" | "postgres";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes("--quick");
const scenario = argument("scenario") ?? "ingest";
if (scenario !== "ingest" && scenario !== "dashboard") throw new Error(`--scenario is ingest or dashboard (got ${scenario})`);
const durationSeconds = Number(argument("duration") ?? (quick ? 5 : 30));
const connections = Number(argument("connections") ?? (quick ? 20 : 100));
const only = argument("only") as DatabaseKind | undefined;
const seedKind = argument("seed") ?? "demo";
if (seedKind !== "demo" && seedKind !== "large") throw new Error(`--seed is demo or large (got ${seedKind})`);
const largePatients = Number(argument("patients") ?? 20_000);
if (!Number.isInteger(largePatients) || largePatients < 1 || largePatients > 1_000_000) throw new Error(`--patients is 1-1000000 (got ${argument("patients")})`);

/**
 * With --seed=large: the demo (as the server's first start would seed it, so the large institution
 * is not the only one and the server seeds nothing more), then the large institution, before the
 * server starts (PGlite's folder takes one process at a time). Its accounts sign in for the load.
 */
const seedLarge = async (connect: { databaseUrl?: string; dataDir: string }, env: NodeJS.ProcessEnv): Promise<IngestAccounts> => {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(`fix the configuration: ${loaded.problems.join("; ")}`);
  const database = await connectDatabase(connect);
  try {
    await database.migrate();
    await syncReferenceData(database.db);
    const now = new Date(Date.now());
    await seedDemoData(database.db, { baseDate: now, password: loaded.config.demoPassword, passwordHashCost: loaded.config.passwordHashCost });
    const started = performance.now();
    const large = await seedLargeInstitution(database.db, { patients: largePatients, sessionsPerAssignment: 24, days: 90, seed: 7, now, password: loaded.config.demoPassword, passwordHashCost: loaded.config.passwordHashCost });
    process.stderr.write(`seeded ${large.patients} patients, ${large.sessions} sessions in ${Math.round((performance.now() - started) / 1000)} s\n`);
    return { admin: large.adminEmail, slp: large.slpEmail };
  } finally {
    await database.close();
  }
};

const portFor = async (kind: DatabaseKind): Promise<number> => {
  const given = argument(`${kind}-port`) ?? process.env[kind === "pglite" ? "BENCH_PGLITE_PORT" : "BENCH_POSTGRES_PORT"];
  if (given === undefined || given === "") return freePort();
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`the ${kind} port must be 1-65535 (got ${given})`);
  return port;
};

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "-");

/** What the database holds after the ingest load: each 201 stored once, nothing else new, counters exact. */
type StoredCheck = { readonly receipts: number; readonly newSessions: number; readonly missing: number; readonly counterDifferences: number };

const checkStored = async (connect: { databaseUrl?: string; dataDir: string }, result: IngestResult, loadStart: Date): Promise<StoredCheck> => {
  const database = await connectDatabase(connect);
  try {
    const ids = [...result.createdIds];
    const [row] = rowsOf(
      await database.db.execute(sql`
        select (select count(*) from mobile_session_receipts) as receipts,
               (select count(*) from game_sessions where created_at >= ${loadStart.toISOString()}::timestamptz) as new_sessions,
               (select count(*) from unnest(${sql.param(ids)}::uuid[]) as c(id)
                 where not exists (select 1 from mobile_session_receipts r where r.client_session_id = c.id and r.session_id is not null)) as missing`),
    );
    const check = await checkCounters(database.db);
    return {
      receipts: Number(row?.receipts),
      newSessions: Number(row?.new_sessions),
      missing: Number(row?.missing),
      counterDifferences: Object.values(check.counted).reduce((sum, count) => sum + count, 0),
    };
  } finally {
    await database.close();
  }
};

type Line = { readonly database: string; readonly text: string; readonly missed: readonly string[] };

const ingestLine = (database: string, r: IngestResult, stored: StoredCheck): Line => {
  const healthP99 = percentile(r.health.samples, 99);
  const missed = [
    r.uploadErrors > 0 ? `${r.uploadErrors} upload errors (${r.uploadErrorSamples.join("; ")})` : "",
    r.readErrors > 0 ? `${r.readErrors} read errors` : "",
    r.repeatMismatches > 0 || stored.newSessions !== r.created || stored.receipts !== r.created || stored.missing > 0
      ? `duplicates or losses: ${r.created} created, ${stored.receipts} receipts, ${stored.newSessions} new sessions, ${stored.missing} missing, ${r.repeatMismatches} repeats answered differently`
      : "",
    stored.counterDifferences > 0 ? `${stored.counterDifferences} counter differences` : "",
    r.health.failures > 0 || !(healthP99 <= 100) ? `/api/health p99 ${ms(healthP99)}, ${r.health.failures} failures` : "",
  ].filter((text) => text !== "");
  return {
    database,
    missed,
    text: `| ${database} | ${r.uploads} (${(r.uploads / durationSeconds).toFixed(0)}/s) | ${r.created} | ${r.repeats} | ${r.uploadErrors} | ${ms(r.uploadP50)} / ${ms(r.uploadP99)} | ${r.reads} (${r.readsPerSecond.toFixed(0)}/s) | ${ms(r.readP99)} | ${r.readErrors} | ${stored.newSessions} / ${stored.receipts} | ${stored.counterDifferences === 0 ? "exact" : stored.counterDifferences} | ${ms(healthP99)} (${ms(Math.max(...r.health.samples))}, ${r.health.samples.length}, ${r.health.failures}) |`,
  };
};

const runOn = async (database: string, kind: DatabaseKind, connect: { databaseUrl?: string; dataDir: string }, env: NodeJS.ProcessEnv): Promise<Line> => {
  const port = await portFor(kind);
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const accounts = seedKind === "large" ? await seedLarge(connect, serverEnv(port, env)) : DEMO_INGEST_ACCOUNTS;
  const server = startServer(serverEnv(port, env));
  let result: IngestResult | undefined;
  let loadStart = new Date();
  try {
    await waitForHealth(base, server);
    process.stderr.write(`${database}: server ready on port ${port} with demo data in ${Math.round((performance.now() - started) / 1000)} s; ${scenario} load for ${durationSeconds} s\n`);
    if (scenario === "dashboard") {
      const r = await runDashboardLoad(base, connections, durationSeconds);
      const healthP99 = percentile(r.health.samples, 99);
      const missed = r.errors > 0 || r.health.failures > 0 || !(healthP99 <= 100) ? [`${r.errors} errors, /api/health p99 ${ms(healthP99)}`] : [];
      return { database, missed, text: `| ${database} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.requests} | ${r.errors} | ${ms(healthP99)} (${r.health.samples.length}, ${r.health.failures}) |` };
    }
    loadStart = new Date();
    result = await runIngestLoad(base, durationSeconds, accounts);
  } finally {
    await stopServer(server);
  }
  return ingestLine(database, result, await checkStored(connect, result, loadStart));
};

const benchPglite = async (): Promise<Line> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-bench-"));
  try {
    return await runOn("PGlite", "pglite", { dataDir }, { DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const benchPostgres = async (): Promise<Line | string> => {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `portal_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${serverUrl.replace(/\/\/[^@]*@/, "//…@")} does not answer (${String(error)})`;
  }
  try {
    await admin.query(`create database ${quote(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await runOn("PostgreSQL", "postgres", { databaseUrl: url.toString(), dataDir: "memory://" }, { DATABASE_URL: url.toString() });
  } finally {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${quote(name)} with (force)`).finally(() => dropper.end());
  }
};

const HEADERS = {
  ingest: [
    `| Database | uploads | created | retries | upload errors | upload p50 / p99 | dashboard reads | read p99 | read errors | new sessions / receipts | counters | /api/health p99 (max, samples, failures) |`,
    "|---|---:|---:|---:|---:|---|---:|---:|---:|---|---|---|",
  ],
  dashboard: ["| Database | req/s | p50 | p99 | requests | errors | /api/health p99 (samples, failures) |", "|---|---:|---:|---:|---:|---:|---|"],
} as const;

const main = async (): Promise<void> => {
  const what =
    scenario === "ingest"
      ? `${DEVICES} devices posting sessions while ${CLINICIANS} connections read dashboards${seedKind === "large" ? ` (a ${largePatients}-patient institution's)` : ""}`
      : `GET /api/patients/dashboard/ on ${connections} connections`;
  process.stderr.write(`${what}, ${durationSeconds} s per database\n`);
  const lines: Line[] = [];
  const notes: string[] = [];
  if (only !== "postgres") lines.push(await benchPglite());
  if (only !== "pglite") {
    const postgres = await benchPostgres();
    if (typeof postgres === "string") notes.push(postgres);
    else lines.push(postgres);
  }
  process.stdout.write(`\n${what}, ${durationSeconds} s\n\n${[...HEADERS[scenario], ...lines.map((l) => l.text)].join("\n")}\n${notes.map((n) => `\n${n}`).join("")}\n`);
  const missed = lines.filter((line) => line.missed.length > 0);
  for (const line of missed) process.stdout.write(`\nGoal missed on ${line.database}: ${line.missed.join("; ")}\n`);
  if (missed.length > 0) process.exitCode = 1;
};

await main();
