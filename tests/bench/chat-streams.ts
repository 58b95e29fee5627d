// `npm run bench:chat-streams [-- --streams=N] [--health=N] [--batch=N]`: how many idle chat streams
// one API process holds (issue 34, docs/chat-api.md "Capacity"). Starts the real server
// (`server/main.ts` on a fresh embedded database with the demo data), signs in as the demo SLP,
// measures GET /api/health (N sequential requests, default 200, over ~27 s: one heartbeat period)
// and the API process's resident memory (VmRSS in /proc/<pid>/status; the embedded database runs in
// a child process of its own, server/db/connect.ts, and is not counted), then opens N idle `GET /api/slp-chat/stream/` streams (default
// 2,000, `--batch` at a time) and measures both again with all of them open. Prints a table.
// Not part of `npm test`; Linux only (it reads /proc). Timings depend on the machine's load: the
// table says the load average.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CHAT_LIMITS } from "../../domain/chat/chat-limits.ts";
import { percentile } from "./load/health-sampler.ts";
import { API_KEY, freePort, serverEnv, signIn, stopServer, waitForHealth } from "./load/server-process.ts";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const STREAMS = Number(argument("streams") ?? 2000);
const HEALTH_REQUESTS = Number(argument("health") ?? 200);
const BATCH = Number(argument("batch") ?? 50);
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

type OpenStream = { readonly close: () => void };

/** One idle stream as the portal opens it; its bytes (heartbeats) are read and dropped. */
const openStream = async (base: string, headers: Record<string, string>): Promise<OpenStream> => {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/slp-chat/stream/`, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  if (response.status !== 200 || response.body === null) throw new Error(`the stream answered ${response.status}`);
  const reader = response.body.getReader();
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // closed by us at the end
    }
  })();
  return { close: () => controller.abort() };
};

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

const main = async (): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-chat-streams-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startApi(serverEnv(port, { DATA_DIR: dataDir }));
  const streams: OpenStream[] = [];
  try {
    console.log(`starting the server on ${base} (fresh embedded database, demo seed)…`);
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
    const alive = child.exitCode === null;

    const [one, five] = loadavg();
    console.log(`\nidle chat streams on one API process (PGlite), load average ${one?.toFixed(2)} / ${five?.toFixed(2)} (1 / 5 min)`);
    console.table([
      { state: "before", streams: 0, "health p50": ms(before.health.p50), "health p99": ms(before.health.p99), "health failures": before.health.failures, "server RSS": mb(before.rss) },
      { state: "after", streams: streams.length, "health p50": ms(after.health.p50), "health p99": ms(after.health.p99), "health failures": after.health.failures, "server RSS": mb(after.rss) },
    ]);
    console.log(
      `opened ${streams.length} of ${STREAMS} streams in ${openSeconds.toFixed(1)} s (${failed} failed); RSS growth ${mb(after.rss - before.rss)} (${(((after.rss - before.rss) * 1024) / Math.max(1, streams.length)).toFixed(1)} kB a stream); server ${alive ? "still running" : "EXITED"}`,
    );
    if (failed > 0 || !alive) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.close();
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
