import { afterAll, bench, describe } from "vitest";
import { signIn, withBearer } from "../../../server/auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../../server/config.ts";
import type { DatabaseDriver } from "../../../server/db/database.ts";
import { syncReferenceData } from "../../../server/seed/reference-data.ts";
import { seedDemoData } from "../../../server/seed/seed-demo-data.ts";
import { type TestApp, createTestApp } from "../../../server/test-app.test-helper.ts";
import { productionLogger } from "./production-logger.ts";
import { demoSlpSessions } from "./floor-reads.ts";
import { type Case, TIMING_HEADER, countStatements, measureCases, timingRow } from "./request-timer.ts";

// The fixed cost of a request (issue 22, "each request close to its SQL floor"): the same few
// small reads of the demo data as the SLP, round-robin, BENCH_ROUNDS times each, on in-process
// PGlite and on PostgreSQL when DATABASE_URL is set. Per case: wall time p50/p99, the process's
// CPU per call (Node, plus PGlite's own work on that driver) and the statements sent per call.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 30;
const drivers: DatabaseDriver[] = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite"] : ["pglite", "postgres"];

countStatements();

const setUp = async (driver: DatabaseDriver): Promise<{ t: TestApp; cases: Case[] }> => {
  const t = await createTestApp(driver, { logger: productionLogger() });
  const db = t.database.db;
  await syncReferenceData(db);
  await seedDemoData(db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
  const headers = withBearer((await signIn(t, { id: 0, email: "slp@demo.test", password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access);
  const [row] = await demoSlpSessions(db, 1);
  if (row === undefined) throw new Error("the demo SLP has no patient with a session");
  const get = (url: string) => async () => {
    const response = await t.app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  };
  return {
    t,
    cases: [
      { name: "GET users/me/ (signed in, no audit)", run: get("/api/users/me/") },
      { name: "GET patients/{id}/ (audited one-record read)", run: get(`/api/patients/${row.patientId}/`) },
      { name: "GET patients/ (SLP list, page 1)", run: get("/api/patients/") },
      { name: "GET game-session/{id}/detailed/ (demo session)", run: get(`/api/game-session/${row.sessionId}/detailed/`) },
    ],
  };
};

const setups = new Map<DatabaseDriver, { t: TestApp; cases: Case[] }>();
for (const driver of drivers) setups.set(driver, await setUp(driver));
const lines = [...TIMING_HEADER];

afterAll(async () => {
  console.log(`\nPer-request cost on the demo data, ${ROUNDS} rounds after ${WARMUP} warm-up rounds\n${lines.join("\n")}\n`);
  for (const setup of setups.values()) await setup.t.close();
});

describe("per-request cost", () => {
  for (const [driver, setup] of setups) {
    bench(
      driver,
      async () => {
        const results = await measureCases(setup.cases, ROUNDS, WARMUP);
        for (const [name, timing] of results) lines.push(timingRow(`${driver}: ${name}`, timing));
      },
      { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
    );
  }
});
