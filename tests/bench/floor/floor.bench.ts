import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, bench, describe } from "vitest";
import { signIn, withBearer } from "../../../server/auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../../server/config.ts";
import { patients } from "../../../server/db/schema/patients.ts";
import { gameSessions } from "../../../server/db/schema/sessions.ts";
import { staff, users } from "../../../server/db/schema/users.ts";
import { syncReferenceData } from "../../../server/seed/reference-data.ts";
import { seedDemoData } from "../../../server/seed/seed-demo-data.ts";
import { createTestApp } from "../../../server/test-app.test-helper.ts";
import { percentile } from "../inject-timings.ts";
import { type Case, measureCases } from "./request-timer.ts";
import { type RecordedStatement, bareReplayServer, recordStatements } from "./statement-replay.ts";

// `npm run bench:floor` (issue 22, "each request close to its SQL floor"): each main read through
// the whole portal (API key, token, session, decode, scope, the queries, the audit row, JSON) and
// through a bare Fastify server that replays the very statements that request sent, as named
// prepared statements on a pool of its own, and answers their rows as JSON. Both in this process
// through app.inject, round-robin, on PostgreSQL (DATABASE_URL, else the local server) with the
// demo seed; BENCH_ROUNDS rounds. The ratio is bare time / portal time (1 = at the floor; goal >= 0.8).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 30;
process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/postgres";

const t = await createTestApp("postgres");
const db = t.database.db;
await syncReferenceData(db);
await seedDemoData(db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
const headersOf = async (email: string) => withBearer((await signIn(t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access);
const slp = await headersOf("slp@demo.test");
const admin = await headersOf("admin@demo.test");

// Two of the SLP's sessions: a demo one as it is, and one grown to 500 attempts (the detail's goal).
const slpSessions = await db
  .select({ id: gameSessions.id })
  .from(gameSessions)
  .innerJoin(patients, eq(patients.id, gameSessions.patientId))
  .innerJoin(staff, eq(staff.id, patients.assignedStaffId))
  .innerJoin(users, eq(users.id, staff.userId))
  .where(and(eq(users.email, "slp@demo.test"), isNull(patients.archivedAt)))
  .orderBy(desc(gameSessions.id))
  .limit(2);
const [demoSession, grownSession] = slpSessions.map((row) => row.id);
if (demoSession === undefined || grownSession === undefined) throw new Error("the demo SLP has no sessions");
await db.execute(sql`insert into game_attempts (session_id, challenge_id, attempt_number, score, is_correct, transcription, hints_used, time_seconds, response_audio_url, attempt_data, created_at)
  select a.session_id, a.challenge_id, a.attempt_number + 100 * g, a.score, a.is_correct, a.transcription, a.hints_used, a.time_seconds, a.response_audio_url, a.attempt_data, a.created_at
  from game_attempts a, generate_series(1, 99) g where a.session_id = ${grownSession}
    and g <= ceil(500.0 / (select count(*) from game_attempts where session_id = ${grownSession})) - 1`);

const reads: Array<{ name: string; url: string; headers: Record<string, string> }> = [
  { name: "patients dashboard, SLP", url: "/api/patients/dashboard/", headers: slp },
  { name: "patients dashboard, institution admin", url: "/api/patients/dashboard/", headers: admin },
  { name: "patients list, SLP", url: "/api/patients/", headers: slp },
  { name: "overview, institution admin", url: "/api/dashboard/overview/", headers: admin },
  { name: "session detail, demo session", url: `/api/game-session/${demoSession}/detailed/`, headers: slp },
  { name: "session detail, 500 attempts", url: `/api/game-session/${grownSession}/detailed/`, headers: slp },
];

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
const bareCall = (url: string) => async () => {
  await drained(url, await bare.app.inject({ url, headers: slp, payloadAsStream: !asString }));
};

const cases: Case[] = reads.flatMap((read, index) => [
  { name: `portal: ${read.name}`, run: portalCall(read.url, read.headers) },
  { name: `bare: ${read.name}`, run: bareCall(`/bare/${index}`) },
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
        const statements = replays.get(`/bare/${index}`)?.length ?? 0;
        lines.push(
          `| ${read.name} | ${statements} | ${portalP50.toFixed(2)} | ${bareP50.toFixed(2)} | ${(bareP50 / portalP50).toFixed(2)} | ${percentile(portal.wall, 99).toFixed(2)} | ${percentile(floor.wall, 99).toFixed(2)} | ${portalCpu.toFixed(2)} | ${bareCpu.toFixed(2)} | ${(bareCpu / portalCpu).toFixed(2)} |`,
        );
      }
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
