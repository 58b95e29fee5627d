// `npm run bench:chat-streams [-- --streams=N] [--health=N] [--batch=N] [--messages=N]`: how many idle chat streams
// one API process holds (issue 34, docs/chat-api.md "Capacity"). Starts the real server
// (`server/main.ts` on a fresh embedded database with the demo data), signs in as the demo SLP,
// measures GET /api/health (N sequential requests, default 200, over ~27 s: one heartbeat period)
// and the API process's resident memory (VmRSS in /proc/<pid>/status; the embedded database runs in
// a child process of its own, server/db/connect.ts, and is not counted), then opens N idle `GET /api/slp-chat/stream/` streams (default
// 2,000, `--batch` at a time) and measures both again with all of them open. Then the SLP sends
// `--messages` (default 10) messages to a patient's thread, one every 2 s (under the 20 a minute),
// with every stream open: send-to-arrival on one stream, and how many streams received them all.
// Prints a table. With DATABASE_URL set, the server runs on a fresh database made on that
// PostgreSQL for the run (and dropped after) instead of the embedded one.
// Not part of `npm test`; Linux only (it reads /proc). Timings depend on the machine's load: the
// table says the load average.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { patientThreadEndpoint, sendMessageEndpoint } from "../../domain/chat/chat-endpoints.ts";
import { CHAT_LIMITS } from "../../domain/chat/chat-limits.ts";
import { listPatientsEndpoint } from "../../domain/patients/patients-endpoints.ts";
import { fillPath } from "../../domain/shared/wire/endpoint.ts";
import { percentile } from "./load/health-sampler.ts";
import { API_KEY, freePort, serverEnv, signIn, stopServer, waitForHealth } from "./load/server-process.ts";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const STREAMS = Number(argument("streams") ?? 2000);
const HEALTH_REQUESTS = Number(argument("health") ?? 200);
const BATCH = Number(argument("batch") ?? 50);
const MESSAGES = Number(argument("messages") ?? 10);
const POSTGRES = process.env.DATABASE_URL;
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** The server as its own process (node --import tsx, not tsx's CLI): the pid is the server's, for its memory. */
const startApi = (env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(process.execPath, ["--import", TSX_LOADER, "server/main.ts"], { cwd: PROJECT_ROOT, env, stdio: ["ignore", "ignore", "inherit"] });

const rssMb = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
};

type Health = { readonly p50: number; readonly p99: number; readonly failures: number };

/**
 * HEALTH_REQUESTS GET /api/health one after another, spread over a little more than one heartbeat
 * period (25 s): every open stream re-reads the table once per heartbeat, so the sample includes
 * that work and not only the quiet between heartbeats.
 */
const HEALTH_GAP_MS = (CHAT_LIMITS.heartbeatMs * 1.1) / HEALTH_REQUESTS;
const measureHealth = async (base: string): Promise<Health> => {
  const samples: number[] = [];
  let failures = 0;
  for (let i = 0; i < HEALTH_REQUESTS; i += 1) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_GAP_MS));
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), failures };
};

type OpenStream = { readonly close: () => void; readonly messages: () => number; readonly arrived: Map<number, number> };

/** One idle stream as the portal opens it; its bytes are read, its message events counted (and their ids timed), the rest dropped. */
const openStream = async (base: string, headers: Record<string, string>): Promise<OpenStream> => {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/slp-chat/stream/`, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  if (response.status !== 200 || response.body === null) throw new Error(`the stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const arrived = new Map<number, number>();
  let messages = 0;
  let tail = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const text = tail + decoder.decode(value, { stream: true });
        for (const match of text.matchAll(/id: (\d+)\nevent: message\n/g)) {
          messages += 1;
          arrived.set(Number(match[1]), performance.now());
        }
        // An event split across two reads is counted in the next one, never twice.
        const cut = text.lastIndexOf("\n\n");
        tail = cut === -1 ? text : text.slice(cut + 2);
      }
    } catch {
      // closed by us at the end
    }
  })();
  return { close: () => controller.abort(), messages: () => messages, arrived };
};

/** A fresh database on DATABASE_URL's server for this run, and its removal. */
const freshPostgres = async (url: string) => {
  const name = `bench_chat_streams_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
};

/** The SLP's first patient's thread (made on first use). */
const demoThread = async (base: string, headers: Record<string, string>): Promise<number> => {
  const list = (await (await fetch(`${base}${listPatientsEndpoint.path}`, { headers })).json()) as { results: Array<{ id: number }> };
  const patientId = list.results[0]?.id;
  if (patientId === undefined) throw new Error("the demo SLP has no patient");
  const thread = await fetch(`${base}${fillPath(patientThreadEndpoint.path, { id: patientId })}`, { method: "PUT", headers });
  return ((await thread.json()) as { id: number }).id;
};

/** MESSAGES sends, 2 s apart; the send-to-arrival of each on the first stream, and how many streams got all of them. */
const measureSends = async (base: string, headers: Record<string, string>, streams: readonly OpenStream[]) => {
  const threadId = await demoThread(base, headers);
  const path = fillPath(sendMessageEndpoint.path, { thread_id: threadId });
  const watched = streams[0];
  const latencies: number[] = [];
  const counted = streams.map((stream) => stream.messages());
  for (let i = 0; i < MESSAGES; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ client_id: randomUUID(), body: `bench ${i}` }) });
    if (response.status !== 201) throw new Error(`send answered ${response.status}: ${await response.text()}`);
    const { stream_seq: seq } = (await response.json()) as { stream_seq: number };
    const deadline = Date.now() + 30_000;
    while (watched !== undefined && !watched.arrived.has(seq) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    latencies.push((watched?.arrived.get(seq) ?? Number.NaN) - started);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  // The last one's copies have had 2 s to reach every stream.
  const complete = streams.filter((stream, i) => stream.messages() - (counted[i] ?? 0) === MESSAGES).length;
  return { p50: percentile(latencies, 50), max: Math.max(...latencies), complete };
};

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

const main = async (): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-chat-streams-"));
  const database = POSTGRES === undefined ? undefined : await freshPostgres(POSTGRES);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startApi(serverEnv(port, database === undefined ? { DATA_DIR: dataDir } : { DATABASE_URL: database.url }));
  const streams: OpenStream[] = [];
  try {
    console.log(`starting the server on ${base} (fresh ${database === undefined ? "embedded database" : "PostgreSQL database"}, demo seed)…`);
    await waitForHealth(base, child);
    const pid = child.pid;
    if (pid === undefined) throw new Error("no server pid");
    const headers = { "x-api-key": API_KEY, authorization: `Bearer ${await signIn(base, "slp@demo.test")}` };
    // Warm up the routes and the stream path once, so "before" is a running server, not a cold one.
    (await openStream(base, headers)).close();
    const before = { health: await measureHealth(base), rss: await rssMb(pid) };

    const openStarted = performance.now();
    let failed = 0;
    for (let i = 0; i < STREAMS; i += BATCH) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(BATCH, STREAMS - i) }, () => openStream(base, headers)));
      for (const result of batch) {
        if (result.status === "fulfilled") streams.push(result.value);
        else failed += 1;
      }
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    // Let the opening settle (audit writes, first replays) before measuring the idle state.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = { health: await measureHealth(base), rss: await rssMb(pid) };
    const sends = MESSAGES > 0 ? await measureSends(base, headers, streams) : undefined;
    const alive = child.exitCode === null;

    const [one, five] = loadavg();
    console.log(`\nidle chat streams on one API process (${database === undefined ? "PGlite" : "PostgreSQL"}), load average ${one?.toFixed(2)} / ${five?.toFixed(2)} (1 / 5 min)`);
    console.table([
      { state: "before", streams: 0, "health p50": ms(before.health.p50), "health p99": ms(before.health.p99), "health failures": before.health.failures, "server RSS": mb(before.rss) },
      { state: "after", streams: streams.length, "health p50": ms(after.health.p50), "health p99": ms(after.health.p99), "health failures": after.health.failures, "server RSS": mb(after.rss) },
    ]);
    console.log(
      `opened ${streams.length} of ${STREAMS} streams in ${openSeconds.toFixed(1)} s (${failed} failed); RSS growth ${mb(after.rss - before.rss)} (${(((after.rss - before.rss) * 1024) / Math.max(1, streams.length)).toFixed(1)} kB a stream); server ${alive ? "still running" : "EXITED"}`,
    );
    if (sends !== undefined) {
      console.log(
        `${MESSAGES} messages sent with ${streams.length} streams open: send-to-arrival on one stream p50 ${ms(sends.p50)}, max ${ms(sends.max)}; ${sends.complete} of ${streams.length} streams received all ${MESSAGES}`,
      );
    }
    if (failed > 0 || !alive || (sends !== undefined && sends.complete !== streams.length)) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.close();
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
};

await main();
