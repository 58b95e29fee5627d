import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { signIn, withBearer } from "../../../server/auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../../server/config.ts";
import { patients } from "../../../server/db/schema/patients.ts";
import { gameSessions } from "../../../server/db/schema/sessions.ts";
import { staff, users } from "../../../server/db/schema/users.ts";
import { syncReferenceData } from "../../../server/seed/reference-data.ts";
import { seedDemoData } from "../../../server/seed/seed-demo-data.ts";
import { type TestApp, createTestApp } from "../../../server/test-app.test-helper.ts";
import type { Database } from "../../../server/db/database.ts";
import { productionLogger } from "./production-logger.ts";

/** The demo SLP's latest sessions (of their live patients), newest first, each with its patient: the benches' reads of one session. */
export const demoSlpSessions = (db: Database, limit: number) =>
  db
    .select({ patientId: patients.id, sessionId: gameSessions.id })
    .from(gameSessions)
    .innerJoin(patients, eq(patients.id, gameSessions.patientId))
    .innerJoin(staff, eq(staff.id, patients.assignedStaffId))
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(users.email, "slp@demo.test"), isNull(patients.archivedAt)))
    .orderBy(desc(gameSessions.id))
    .limit(limit);

/** One main read of the floor bench: its short key (READ= of profile-read.ts), its label, its call. */
export type FloorRead = { readonly key: string; readonly name: string; readonly url: string; readonly headers: Record<string, string> };

/**
 * The main reads `npm run bench:floor` holds to their floor and `profile-read.ts` profiles, on one
 * app over PostgreSQL (DATABASE_URL, else the local server) with the demo seed, the SLP and the
 * administrator signed in: the dashboards, the SLP's patients list, the overview, a demo session's
 * detail and one of the SLP's sessions grown to 500 attempts (the detail's goal).
 */
export const floorReads = async (): Promise<{ readonly t: TestApp; readonly reads: readonly FloorRead[] }> => {
  process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/postgres";
  const t = await createTestApp("postgres", { logger: productionLogger() });
  const db = t.database.db;
  await syncReferenceData(db);
  await seedDemoData(db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
  const headersOf = async (email: string) => withBearer((await signIn(t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access);
  const slp = await headersOf("slp@demo.test");
  const admin = await headersOf("admin@demo.test");

  // Two of the SLP's sessions: a demo one as it is, and one grown to 500 attempts.
  const slpSessions = await demoSlpSessions(db, 2);
  const [demoSession, grownSession] = slpSessions.map((row) => row.sessionId);
  if (demoSession === undefined || grownSession === undefined) throw new Error("the demo SLP has no sessions");
  await db.execute(sql`insert into game_attempts (session_id, challenge_id, attempt_number, score, is_correct, transcription, hints_used, time_seconds, response_audio_url, attempt_data, created_at)
    select a.session_id, a.challenge_id, a.attempt_number + 100 * g, a.score, a.is_correct, a.transcription, a.hints_used, a.time_seconds, a.response_audio_url, a.attempt_data, a.created_at
    from game_attempts a, generate_series(1, 99) g where a.session_id = ${grownSession}
      and g <= ceil(500.0 / (select count(*) from game_attempts where session_id = ${grownSession})) - 1`);

  const reads: FloorRead[] = [
    { key: "dashboard", name: "patients dashboard, SLP", url: "/api/patients/dashboard/", headers: slp },
    { key: "dashboard-admin", name: "patients dashboard, institution admin", url: "/api/patients/dashboard/", headers: admin },
    { key: "patients", name: "patients list, SLP", url: "/api/patients/", headers: slp },
    { key: "overview", name: "overview, institution admin", url: "/api/dashboard/overview/", headers: admin },
    { key: "detail", name: "session detail, demo session", url: `/api/game-session/${demoSession}/detailed/`, headers: slp },
    { key: "detail500", name: "session detail, 500 attempts", url: `/api/game-session/${grownSession}/detailed/`, headers: slp },
  ];
  return { t, reads };
};
