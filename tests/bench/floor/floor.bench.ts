import type pg from "pg";
import { afterAll, bench, describe } from "vitest";
import { percentile } from "../inject-timings.ts";
import { floorReads } from "./floor-reads.ts";
import { type Case, measureCases } from "./request-timer.ts";
import { type RecordedStatement, bareReplayServer, recordStatements } from "./statement-replay.ts";

// `npm run bench:floor` (issue 22, "each request close to its SQL floor"): each main read through
// the whole portal (API key, token, session, decode, scope, the queries, the audit row, JSON) and
// through a bare Fastify server that replays the very statements that request sent, as named
// prepared statements on a pool of its own (unnamed where the portal plans them per call on purpose:
// statement-replay.ts), and answers their rows as JSON. Both in this process
// through app.inject, round-robin, on PostgreSQL (DATABASE_URL, else the local server) with the
// demo seed; BENCH_ROUNDS rounds. The ratio is bare time / portal time (1 = at the floor; goal >= 0.8).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 30;
const { t, reads } = await floorReads();
const db = t.database.db;

// BENCH_PAYLOAD=string has app.inject decode each answer into a JS string as tests read it: work
// of the harness, not of a server (a socket takes the bytes), and for the 500-attempt detail the
// portal's answer is far larger than the bare one (the process keeps the challenges' text, so the
// recorded statements do not read it). By default the answer's bytes are taken as a stream.
const asString = process.env.BENCH_PAYLOAD === "string";
type Injected = { statusCode: number; body?: string; stream?: () => NodeJS.ReadableStream };
const drained = async (url: string, response: Injected): Promise<void> => {
  const chunks: Buffer[] = [];
  if (!asString && response.stream !== undefined) for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body ?? Buffer.concat(chunks).toString()}`);
};
const portalCall = (url: string, headers: Record<string, string>) => async () => {
  await drained(url, await t.app.inject({ url, headers, payloadAsStream: !asString }));
};

// Each read's statements, recorded from a warm portal (caches filled, statements prepared).
const replays = new Map<string, readonly RecordedStatement[]>();
for (const [index, read] of reads.entries()) {
  for (let warm = 0; warm < 3; warm += 1) await portalCall(read.url, read.headers)();
  replays.set(`/bare/${index}`, await recordStatements(portalCall(read.url, read.headers)));
}
const connectionString = (db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? "";
const bare = await bareReplayServer(connectionString, replays);
// The bare server gets the read's own headers, so both parse requests of the same size.
const bareCall = (url: string, headers: Record<string, string>) => async () => {
  await drained(url, await bare.app.inject({ url, headers, payloadAsStream: !asString }));
};

const cases: Case[] = reads.flatMap((read, index) => [
  { name: `portal: ${read.name}`, run: portalCall(read.url, read.headers) },
  { name: `bare: ${read.name}`, run: bareCall(`/bare/${index}`, read.headers) },
]);
const lines = [
  "| read | statements | portal p50 (ms) | bare p50 (ms) | ratio p50 | portal p99 (ms) | bare p99 (ms) | portal CPU/call (ms) | bare CPU/call (ms) | ratio CPU |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
];

afterAll(async () => {
  console.log(`\nThe SQL floor (bare / portal: 1 is the floor, goal >= 0.8), PostgreSQL, demo data, ${ROUNDS} rounds after ${WARMUP}, answers as ${asString ? "strings" : "byte streams"}\n${lines.join("\n")}\n`);
  await bare.close();
  await t.close();
});

describe("each main read against its SQL floor", () => {
  bench(
    "portal and bare server, round-robin",
    async () => {
      const results = await measureCases(cases, ROUNDS, WARMUP);
      for (const [index, read] of reads.entries()) {
        const portal = results.get(`portal: ${read.name}`);
        const floor = results.get(`bare: ${read.name}`);
        if (portal === undefined || floor === undefined) continue;
        const portalP50 = percentile(portal.wall, 50);
        const bareP50 = percentile(floor.wall, 50);
        const portalCpu = portal.cpuMicros / portal.wall.length / 1000;
        const bareCpu = floor.cpuMicros / floor.wall.length / 1000;
        const recorded = replays.get(`/bare/${index}`) ?? [];
        const perCall = recorded.filter((statement) => statement.plannedPerCall).length;
        const statements = perCall === 0 ? String(recorded.length) : `${recorded.length} (${perCall} planned per call)`;
        lines.push(
          `| ${read.name} | ${statements} | ${portalP50.toFixed(2)} | ${bareP50.toFixed(2)} | ${(bareP50 / portalP50).toFixed(2)} | ${percentile(portal.wall, 99).toFixed(2)} | ${percentile(floor.wall, 99).toFixed(2)} | ${portalCpu.toFixed(2)} | ${bareCpu.toFixed(2)} | ${(bareCpu / portalCpu).toFixed(2)} |`,
        );
      }
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
