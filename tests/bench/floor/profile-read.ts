import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { signIn, withBearer } from "../../../server/auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../../server/config.ts";
import { patients } from "../../../server/db/schema/patients.ts";
import { gameSessions } from "../../../server/db/schema/sessions.ts";
import { staff, users } from "../../../server/db/schema/users.ts";
import { syncReferenceData } from "../../../server/seed/reference-data.ts";
import { seedDemoData } from "../../../server/seed/seed-demo-data.ts";
import { createTestApp } from "../../../server/test-app.test-helper.ts";

// Profiling aid (not a bench): one read through the portal N times, for `node --cpu-prof`.
// READ: dashboard | dashboard-admin | patients | overview | detail | detail500 ; CALLS (2000).
process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.CALLS ?? 2000);
const t = await createTestApp("postgres");
const db = t.database.db;
await syncReferenceData(db);
await seedDemoData(db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
const headersOf = async (email: string) => withBearer((await signIn(t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access);
const slp = await headersOf("slp@demo.test");
const admin = await headersOf("admin@demo.test");
const slpSessions = await db.select({ id: gameSessions.id }).from(gameSessions)
  .innerJoin(patients, eq(patients.id, gameSessions.patientId)).innerJoin(staff, eq(staff.id, patients.assignedStaffId))
  .innerJoin(users, eq(users.id, staff.userId)).where(and(eq(users.email, "slp@demo.test"), isNull(patients.archivedAt)))
  .orderBy(desc(gameSessions.id)).limit(2);
const [demoSession, grownSession] = slpSessions.map((row) => row.id);
await db.execute(sql`insert into game_attempts (session_id, challenge_id, attempt_number, score, is_correct, transcription, hints_used, time_seconds, response_audio_url, attempt_data, created_at)
  select a.session_id, a.challenge_id, a.attempt_number + 100 * g, a.score, a.is_correct, a.transcription, a.hints_used, a.time_seconds, a.response_audio_url, a.attempt_data, a.created_at
  from game_attempts a, generate_series(1, 99) g where a.session_id = ${grownSession}
    and g <= ceil(500.0 / (select count(*) from game_attempts where session_id = ${grownSession})) - 1`);
const reads: Record<string, { url: string; headers: Record<string, string> }> = {
  dashboard: { url: "/api/patients/dashboard/", headers: slp },
  "dashboard-admin": { url: "/api/patients/dashboard/", headers: admin },
  patients: { url: "/api/patients/", headers: slp },
  overview: { url: "/api/dashboard/overview/", headers: admin },
  detail: { url: `/api/game-session/${demoSession}/detailed/`, headers: slp },
  detail500: { url: `/api/game-session/${grownSession}/detailed/`, headers: slp },
};
const names = (process.env.READ ?? "dashboard").split(",");
const session = new Session();
session.connect();
for (let call = 0; call < 50; call += 1) for (const name of names) await t.app.inject({ url: reads[name]?.url ?? "", headers: reads[name]?.headers ?? {} });
await session.post("Profiler.enable");
await session.post("Profiler.start");
const cpu = process.cpuUsage();
const started = performance.now();
for (let call = 0; call < CALLS; call += 1) {
  for (const name of names) {
    const read = reads[name];
    if (read === undefined) throw new Error(`unknown read ${name}`);
    const response = await t.app.inject({ url: read.url, headers: read.headers });
    if (response.statusCode !== 200) throw new Error(`${read.url}: ${response.statusCode} ${response.body}`);
  }
}
const { profile } = await session.post("Profiler.stop");
writeFileSync(process.env.PROFILE ?? "/tmp/read.cpuprofile", JSON.stringify(profile));
const spent = process.cpuUsage(cpu);
console.log(`CPU ${((spent.user + spent.system) / 1000 / CALLS).toFixed(2)} ms a round`);
console.log(`${CALLS} x ${names.join(",")}: ${((performance.now() - started) / CALLS).toFixed(2)} ms a round`);
await t.close();
