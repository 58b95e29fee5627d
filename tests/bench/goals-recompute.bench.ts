import { eq } from "drizzle-orm";
import { afterAll, bench, describe } from "vitest";
import { goalProgress } from "../../domain/goals/goal-progress.ts";
import type { DatabaseDriver } from "../../server/db/database.ts";
import { patientGameLevels } from "../../server/db/schema/assignments.ts";
import { games } from "../../server/db/schema/games.ts";
import { goals } from "../../server/db/schema/goals.ts";
import { patients } from "../../server/db/schema/patients.ts";
import { gameSessions } from "../../server/db/schema/sessions.ts";
import { staff } from "../../server/db/schema/users.ts";
import { createAccount, signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import { factsOfRow, patientGoalSessions } from "../../server/features/goals/goal-reads.ts";
import { syncReferenceData } from "../../server/seed/reference-data.ts";
import { type TestApp, createTestApp } from "../../server/test-app.test-helper.ts";
import { injectTimings, percentile } from "./inject-timings.ts";

// Issue 37: recomputing one patient's goals over a year of sessions (365, one a day, three games
// at all levels) takes <= 200 ms. Goals are judged on read (docs/goals.md, "Compute on read"), so
// the recompute is GET patients/{id}/goals/ through the whole HTTP stack (token, scope, the goals
// and sessions queries, the engine for four goals, the audit insert, JSON); the engine alone and
// the sessions query alone are timed beside it. On PGlite, and on PostgreSQL when DATABASE_URL is set.
const SESSIONS = Number(process.env.BENCH_GOAL_SESSIONS ?? 365);
const BUDGET_MS = 200;
const OPTIONS = { iterations: 100, time: 0, warmupIterations: 10, warmupTime: 0 } as const;
const drivers: DatabaseDriver[] = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite"] : ["pglite", "postgres"];
const TYPES = ["naming", "parrot", "verbal_fluency"] as const;
const LEVELS = ["easy", "medium", "hard"] as const;

type Setup = { t: TestApp; slp: Record<string, string>; patientId: number };

const setUp = async (driver: DatabaseDriver): Promise<Setup> => {
  const t = await createTestApp(driver);
  const db = t.database.db;
  await syncReferenceData(db);
  const slp = await createAccount(t, { email: `bench.goals.${driver}@goals.test`, role: "staff" });
  const [staffRow] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, slp.id));
  const [patient] = await db
    .insert(patients)
    .values({ institutionId: slp.institutionId ?? 0, firstName: "Bench", lastName: "Goals", email: `bench.goals.${driver}@home.test`, birthdate: "1950-01-01", gender: "female", assignedStaffId: staffRow?.id ?? null, status: "active" })
    .returning({ id: patients.id });
  const patientId = patient?.id ?? 0;
  const gameIds = new Map((await db.select({ id: games.id, type: games.type }).from(games)).map((row) => [row.type, row.id]));
  const levelIds = new Map<string, number>();
  for (const type of TYPES) {
    for (const difficulty of LEVELS) {
      const [level] = await db
        .insert(patientGameLevels)
        .values({ patientId, gameId: gameIds.get(type) ?? 0, difficulty, amountChallenges: 5, amountTrials: 3, minRepetitionsPerDay: 0, maxRepetitionsPerDay: 3 })
        .returning({ id: patientGameLevels.id });
      levelIds.set(`${type}:${difficulty}`, level?.id ?? 0);
    }
  }
  const rows = Array.from({ length: SESSIONS }, (_, day) => {
    const type = TYPES[day % TYPES.length] ?? "naming";
    const difficulty = LEVELS[Math.floor(day / 120) % LEVELS.length] ?? "easy";
    const start = new Date(Date.UTC(2025, 11, 1, 10) + day * 86_400_000);
    return { patientGameLevelId: levelIds.get(`${type}:${difficulty}`) ?? 0, patientId, gameId: gameIds.get(type) ?? 0, difficulty, startTime: start, endTime: start, durationSeconds: 300, totalScore: 5, accuracyPercentage: 40 + ((day * 7) % 60) };
  });
  for (let offset = 0; offset < rows.length; offset += 200) await db.insert(gameSessions).values(rows.slice(offset, offset + 200));
  const goal = (label: string, gameTypes: ("naming" | "parrot" | "verbal_fluency")[], window: "consecutive" | "of_last") => ({
    patientId, institutionId: slp.institutionId ?? 0, label, kind: "long_term" as const, statement: `Goal ${label}`, gameTypes, minLevel: "easy" as const, minAccuracy: 85, window, sessions: 3, ofSessions: window === "consecutive" ? 3 : 5, startDate: "2026-03-01", dueDate: "2027-03-01", createdByUserId: slp.id,
  });
  await db.insert(goals).values([goal("LTG-1", ["naming"], "consecutive"), goal("LTG-2", ["parrot", "naming"], "of_last"), goal("LTG-3", ["verbal_fluency"], "consecutive"), goal("LTG-4", [...TYPES], "of_last")]);
  return { t, slp: withBearer((await signIn(t, slp)).access), patientId };
};

const setups = new Map<DatabaseDriver, Setup>();
for (const driver of drivers) setups.set(driver, await setUp(driver));
const { timings, call } = injectTimings();
const engineTimes: number[] = [];

afterAll(async () => {
  const lines = ["| case | p50 (ms) | p99 (ms) | max (ms) |", "|---|---:|---:|---:|"];
  const verdicts: string[] = [];
  for (const [label, all] of [...timings, ["engine alone, 4 goals", engineTimes] as const]) {
    const values = all.slice(OPTIONS.warmupIterations);
    const p50 = percentile(values, 50);
    const p99 = percentile(values, 99);
    lines.push(`| ${label} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${Math.max(...values).toFixed(2)} |`);
    verdicts.push(`${label}: ${p99 <= BUDGET_MS ? "p99 within" : p50 <= BUDGET_MS ? "p50 within, p99 OVER" : "OVER"} the ${BUDGET_MS} ms budget`);
  }
  // Printed, not thrown, like the other benches: a loaded shared machine moves the tail, the table says by how much.
  console.log(`\nRecompute of one patient's goals over ${SESSIONS} sessions (budget ${BUDGET_MS} ms)\n${lines.join("\n")}\n${verdicts.join("\n")}\n`);
  for (const setup of setups.values()) await setup.t.close();
});

for (const [driver, setup] of setups) {
  describe(`goals recompute, ${SESSIONS} sessions (${driver})`, () => {
    bench("GET patients/{id}/goals/", () => call(`${driver}: GET patients/{id}/goals/`, setup.t, `/api/patients/${setup.patientId}/goals/`, setup.slp), OPTIONS);
    bench("sessions query + engine, 4 goals", async () => {
      const db = setup.t.database.db;
      const rows = await db.select().from(goals).where(eq(goals.patientId, setup.patientId));
      const sessions = await patientGoalSessions(db, setup.patientId, "America/New_York");
      const started = performance.now();
      for (const row of rows) goalProgress(factsOfRow(row), sessions, "2026-11-30");
      engineTimes.push(performance.now() - started);
    }, OPTIONS);
  });
}
