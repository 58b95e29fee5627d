import { afterAll, bench, describe } from "vitest";
import { percentile } from "../inject-timings.ts";
import { type ScaleWorld, demoWorld, largeWorld, pageByCursor } from "./scale-world.ts";

// The reads a clinician's day starts with, at a real institution's size, through the whole HTTP
// stack (app.inject: API key, token, decode, scope, the queries, the audit row): the overview and
// the dashboard for the administrator, the SLP's dashboard, the patients list, a session detail.
// Each case's p50/p99 on its own, then its throughput with 10 calls in flight, beside the demo
// data's (issue 22: p99 <= 20 ms, and c=10 throughput within 2x of the demo's).
//
// At 100,000 patients: seed PostgreSQL once (minutes), then point the bench at it:
//   createdb -h 127.0.0.1 -U postgres large
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/large npm run seed:large -- --patients 100000 --sessions-per-assignment 24
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/large DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest bench --run tests/bench/scale
// Without BENCH_DATABASE_URL it seeds BENCH_PATIENTS (2,000) on PGlite, so `npm run bench` runs anywhere.

const OPTIONS = { iterations: 200, time: 0, warmupIterations: 20, warmupTime: 0 } as const;
const CONCURRENCY = 10;
const CONCURRENT_CALLS = 400;

type Case = readonly [label: string, who: "admin" | "slp", url: (world: ScaleWorld, deep: DeepPaths) => string | null];

/** Cursors of deep pages, read once per world before the timing (a person reaches them by Next). */
type DeepPaths = { readonly patientsByName9000: string | null };

const CASES: readonly Case[] = [
  ["overview (administrator)", "admin", () => "/api/dashboard/overview/"],
  ["dashboard (administrator), page 1", "admin", () => "/api/patients/dashboard/"],
  ["dashboard (administrator), page 50", "admin", () => "/api/patients/dashboard/?page=50"],
  ["dashboard (SLP, big caseload)", "slp", () => "/api/patients/dashboard/"],
  ["patients list (administrator)", "admin", () => "/api/patients/"],
  ["patients list (SLP)", "slp", () => "/api/patients/"],
  ["patients search `a` (administrator)", "admin", () => "/api/patients/?search=a"],
  ["patients search `li` (administrator)", "admin", () => "/api/patients/?search=li"],
  ["patients list by first name, page 9000 by cursor (administrator)", "admin", (_world, deep) => deep.patientsByName9000],
  ["patients of the big caseload's SLP (administrator, SLP record)", "admin", (world) => (world.slpStaffId === null ? null : `/api/patients/filtered-list-by-staff/?staff_id=${world.slpStaffId}`)],
  ["staff list, page 1 (administrator)", "admin", () => "/api/staff/"],
  ["staff list, page 25 (administrator)", "admin", () => "/api/staff/?page=25"],
  ["review queue, next of the caseload (SLP)", "slp", () => "/api/review-queue/next/?scope=caseload"],
  ["session detail (SLP, most attempts)", "slp", (world) => (world.biggestSessionId === null ? null : `/api/game-session/${world.biggestSessionId}/detailed/`)],
];

/** Page 9000 of the patients by first name (the last page on a smaller list), as Next asks for it. */
const deepPathsOf = async (world: ScaleWorld): Promise<DeepPaths> => ({ patientsByName9000: await pageByCursor(world, "/api/patients/?ordering=first_name", 9000) });

// The answer's bytes are taken as a stream, as a socket takes them (bench:floor does the same):
// app.inject otherwise joins each answer into one new buffer, 200 kB for the 500-attempt detail, and
// that garbage of the harness's doubled the collections (7 scavenges and 1 full collection in 600
// such reads became 15 and 4, the full ones 10-35 ms each on a loaded machine), the read's p99.
const call = async (world: ScaleWorld, who: "admin" | "slp", url: string): Promise<number> => {
  const started = performance.now();
  const response = await world.t.app.inject({ url, headers: world[who], payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${world.label}: ${url} answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`);
  return elapsed;
};

/** Calls per second with CONCURRENCY calls in flight, CONCURRENT_CALLS in all. */
const throughput = async (world: ScaleWorld, who: "admin" | "slp", url: string): Promise<number> => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CONCURRENT_CALLS) {
        next += 1;
        await call(world, who, url);
      }
    }),
  );
  return CONCURRENT_CALLS / ((performance.now() - started) / 1000);
};

const large = await largeWorld();
const demo = await demoWorld();
const deep = new Map([large, demo].map((world) => [world, { patientsByName9000: null }] as [ScaleWorld, DeepPaths]));
for (const world of [large, demo]) {
  deep.set(world, await deepPathsOf(world));
  for (const [, who, url] of CASES) {
    const path = url(world, deep.get(world) as DeepPaths);
    if (path !== null) for (let round = 0; round < 5; round += 1) await call(world, who, path);
  }
}
const timings = new Map<string, number[]>();

afterAll(async () => {
  const lines = [
    `| read | p50 (ms) | p99 (ms) | c=${CONCURRENCY} large (req/s) | c=${CONCURRENCY} demo (req/s) | large / demo |`,
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const [label, who, url] of CASES) {
    const values = (timings.get(label) ?? []).slice(OPTIONS.warmupIterations);
    const largePath = url(large, deep.get(large) as DeepPaths);
    const demoPath = url(demo, deep.get(demo) as DeepPaths);
    const largeRate = largePath === null ? Number.NaN : await throughput(large, who, largePath);
    const demoRate = demoPath === null ? Number.NaN : await throughput(demo, who, demoPath);
    lines.push(
      `| ${label} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${largeRate.toFixed(0)} | ${demoRate.toFixed(0)} | ${(largeRate / demoRate).toFixed(2)} |`,
    );
  }
  console.log(
    `\nReads at scale: ${large.label}, ${large.sizes.patients} patients, ${large.sizes.sessions} sessions (demo: ${demo.sizes.patients} patients, ${demo.sizes.sessions} sessions)\n${lines.join("\n")}\n`,
  );
  await large.t.close();
  await demo.t.close();
}, 600_000);

describe(`reads at scale (${large.label})`, () => {
  for (const [label, who, url] of CASES) {
    const path = url(large, deep.get(large) as DeepPaths);
    if (path === null) continue;
    bench(
      label,
      async () => {
        const list = timings.get(label) ?? [];
        list.push(await call(large, who, path));
        timings.set(label, list);
      },
      OPTIONS,
    );
  }
});
