// `npm run bench:load [-- --quick] [-- --duration=S --connections=N --only=pglite|postgres]`:
// the load of issue 9 section 5 against the real server (`server/main.ts`, as `npm start` runs
// it), once on the embedded database (PGlite) and once on PostgreSQL, each on fresh demo data.
//
// For each database: a fresh data folder (or a fresh PostgreSQL database, dropped afterwards),
// the server on 127.0.0.1, the demo SLP signed in through the API (password, e-mailed code read
// from the dev outbox, verify), then autocannon on GET /api/patients/dashboard/ (100 connections
// for 30 s by default; `--quick`: 20 for 5 s) while a worker thread asks GET /api/health one
// call at a time. The health sampler runs on its own thread so the load generator's event loop
// does not inflate its figures. Loopback only; every step is bounded in time.
//
// Rate limits (server/http/rate-limit.ts) are per client IP and per route, and only the sign-in
// routes have one: the bench signs in once (login_web, re_send, verify: well under their limits)
// and the dashboard route has none, so one client on 127.0.0.1 is never throttled.
//
// PostgreSQL: DATABASE_URL when set, else postgres://postgres@127.0.0.1:5432/postgres; skipped
// with a note when it does not answer.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import pg from "pg";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");
const API_KEY = "dev-portal-api-key";
const DEMO_PASSWORD = "Demo-Portal-2026!";
const SLP_EMAIL = "slp@demo.test";
const PORTS = { pglite: 3247, postgres: 3248 } as const;
const START_TIMEOUT_MS = 240_000;
const REQUEST_TIMEOUT_S = 10;

type DatabaseKind = keyof typeof PORTS;

const argument = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes("--quick");
const durationSeconds = Number(argument("duration") ?? (quick ? 5 : 30));
const connections = Number(argument("connections") ?? (quick ? 20 : 100));
const only = argument("only") as DatabaseKind | undefined;

type Row = {
  readonly database: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly healthSamples: number;
  readonly healthP99: number;
  readonly healthMax: number;
  readonly healthFailures: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startServer = (env: NodeJS.ProcessEnv): ChildProcess => {
  const child = spawn(process.execPath, [TSX_CLI, "server/main.ts"], { cwd: PROJECT_ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  return child;
};

const stopServer = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(killer);
};

const waitForHealth = async (base: string, child: ChildProcess): Promise<void> => {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
};

const call = async (base: string, pathname: string, init: RequestInit): Promise<Response> => {
  const response = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathname} answered ${response.status}: ${await response.text()}`);
  return response;
};

/** The demo SLP's access token, through the API like a person: password, e-mailed code, verify. */
const signInSlp = async (base: string): Promise<string> => {
  const basic = `Basic ${Buffer.from(`${SLP_EMAIL}:${DEMO_PASSWORD}`).toString("base64")}`;
  const login = (await (await call(base, "/api/authentication/login_web/", { method: "POST", headers: { "x-api-key": API_KEY, authorization: basic } })).json()) as { token: string };
  const preAuth = { "x-api-key": API_KEY, authorization: `Token ${login.token}`, "content-type": "application/json" };
  await call(base, "/api/authentication/totp/re_send/", { method: "POST", headers: preAuth, body: JSON.stringify({ mfa_option: "email" }) });
  const outbox = (await (await call(base, `/api/dev/outbox?to=${encodeURIComponent(SLP_EMAIL)}&limit=1`, { headers: { "x-api-key": API_KEY } })).json()) as { results: { body: string }[] };
  const code = /Your sign-in code is (\d{6})/.exec(outbox.results[0]?.body ?? "")?.[1];
  if (code === undefined) throw new Error("no sign-in code in the dev outbox");
  const verified = (await (
    await call(base, "/api/authentication/totp/verify/", { method: "POST", headers: preAuth, body: JSON.stringify({ mfa_option: "email", otp_code: code }) })
  ).json()) as { access_token: string };
  return verified.access_token;
};

// Plain JavaScript run in a worker thread: one GET /api/health at a time, 50 ms apart, until told to stop.
const HEALTH_SAMPLER = `
const { parentPort, workerData } = require("node:worker_threads");
let running = true;
parentPort.on("message", () => { running = false; });
(async () => {
  const samples = [];
  let failures = 0;
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.timeoutMs) });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage({ samples, failures });
})();
`;

const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const runLoad = async (database: string, base: string): Promise<Row> => {
  const token = await signInSlp(base);
  const headers = { "x-api-key": API_KEY, authorization: `Bearer ${token}` };
  // One warm-up call, so the first measured requests do not pay for cold caches alone.
  await call(base, "/api/patients/dashboard/", { headers });

  const sampler = new Worker(HEALTH_SAMPLER, { eval: true, workerData: { url: `${base}/api/health`, timeoutMs: REQUEST_TIMEOUT_S * 1000 } });
  const health = new Promise<{ samples: number[]; failures: number }>((resolve, reject) => {
    sampler.once("message", resolve);
    sampler.once("error", reject);
  });
  const result = await autocannon({
    url: `${base}/api/patients/dashboard/`,
    connections,
    duration: durationSeconds,
    timeout: REQUEST_TIMEOUT_S,
    headers,
  });
  sampler.postMessage("stop");
  const { samples, failures } = await health;
  await sampler.terminate();
  return {
    database,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    healthSamples: samples.length,
    healthP99: percentile(samples, 99),
    healthMax: Math.max(...samples),
    healthFailures: failures,
  };
};

const serverEnv = (port: number, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", ...extra };
  if (extra.DATABASE_URL === undefined) delete env.DATABASE_URL;
  return env;
};

const withServer = async (database: string, port: number, env: NodeJS.ProcessEnv): Promise<Row> => {
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = startServer(serverEnv(port, env));
  try {
    await waitForHealth(base, server);
    process.stderr.write(`${database}: server ready with demo data in ${Math.round((performance.now() - started) / 1000)} s; loading for ${durationSeconds} s\n`);
    return await runLoad(database, base);
  } finally {
    await stopServer(server);
  }
};

const benchPglite = async (): Promise<Row> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-bench-"));
  try {
    return await withServer("PGlite", PORTS.pglite, { DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const benchPostgres = async (): Promise<Row | string> => {
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
    return await withServer("PostgreSQL", PORTS.postgres, { DATABASE_URL: url.toString() });
  } finally {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${quote(name)} with (force)`).finally(() => dropper.end());
  }
};

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "-");

const table = (rows: readonly Row[]): string =>
  [
    "| Database | req/s | p50 | p99 | requests | errors | timeouts | non-2xx | /api/health p99 (max, samples, failures) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.database} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.requests} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${ms(r.healthP99)} (${ms(r.healthMax)}, ${r.healthSamples}, ${r.healthFailures}) |`,
    ),
  ].join("\n");

const main = async (): Promise<void> => {
  process.stderr.write(`GET /api/patients/dashboard/ with ${connections} connections for ${durationSeconds} s per database\n`);
  const rows: Row[] = [];
  const notes: string[] = [];
  if (only !== "postgres") rows.push(await benchPglite());
  if (only !== "pglite") {
    const postgres = await benchPostgres();
    if (typeof postgres === "string") notes.push(postgres);
    else rows.push(postgres);
  }
  process.stdout.write(`\n${connections} connections, ${durationSeconds} s, GET /api/patients/dashboard/ as the demo SLP\n\n${table(rows)}\n${notes.map((n) => `\n${n}`).join("")}\n`);
  // Goals of issue 9: no errors or timeouts, and /api/health p99 within 100 ms during the load.
  const missed = rows.filter((r) => r.errors > 0 || r.timeouts > 0 || r.non2xx > 0 || r.healthFailures > 0 || !(r.healthP99 <= 100));
  if (missed.length > 0) {
    process.stdout.write(`\nGoal missed on: ${missed.map((r) => r.database).join(", ")}\n`);
    process.exitCode = 1;
  }
};

await main();
