import { sql } from "drizzle-orm";
import { maxPatientsFor } from "../../../domain/exercises/assignment-rules.ts";
import type { AssignmentBody } from "../../../domain/exercises/assignment-wire.ts";
import type { InstitutionGame } from "../../../domain/exercises/institution-games-wire.ts";
import { createAccount, signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { buildApp } from "../../app.ts";
import { manualClock } from "../../clock.ts";
import { testConfig } from "../../config.ts";
import { connectDatabase } from "../../db/connect.ts";
import type { DatabaseDriver, DatabaseHandle } from "../../db/database.ts";
import { createTestDatabase } from "../../db/test-database.ts";
import { games, institutionGames } from "../../db/schema/games.ts";
import { syncReferenceData } from "../../seed/reference-data.ts";
import { TEST_START, type TestApp } from "../../test-app.test-helper.ts";

// Ten maximal POST assignments/ at once against a listening server while /api/health is asked
// one call at a time (issue 19 A): shared by assignment-load.int.test.ts (a generous bound) and
// tests/bench/assignment-load.bench.ts (the target). Loopback only; every loop is bounded.

/**
 * The database as `npm start` runs it: PGlite in its own process (the embedded database, whose
 * readiness ping is answered by that process between statements), or a fresh PostgreSQL database.
 * In-process PGlite would share the test's thread and queue the ping behind every transaction,
 * which is not how the server runs.
 */
export const serverShapedDatabase = async (driver: DatabaseDriver): Promise<DatabaseHandle> => {
  if (driver === "postgres") return createTestDatabase("postgres");
  const database = await connectDatabase({ dataDir: "memory://" });
  await database.migrate();
  return database;
};

/** A listening app on the given database, whose /api/health asks the database handle's own ping, as server/main.ts does. */
export const listeningApp = async (database: DatabaseHandle): Promise<{ readonly t: TestApp; readonly baseUrl: string }> => {
  const clock = manualClock(TEST_START);
  const app = await buildApp({ config: testConfig(), db: database.db, clock, databasePing: database.ping, logger: false });
  await app.ready();
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const t: TestApp = {
    app,
    database,
    clock,
    logs: [],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  return { t, baseUrl: address };
};

export type AssignmentLoad = {
  readonly headers: Record<string, string>;
  /** One body per call, each writing the most levels a call may (patients × forms at the cap), on patients of its own. */
  readonly bodies: readonly AssignmentBody[];
  /** One patient more than the cap allows with the same forms. */
  readonly overCap: AssignmentBody;
  readonly levelsPerCall: number;
};

/** An institution offering every game, its administrator signed in, and `calls` maximal assignment bodies on fresh patients. */
export const prepareAssignmentLoad = async (t: TestApp, tag: string, calls: number): Promise<AssignmentLoad> => {
  const db = t.database.db;
  await syncReferenceData(db);
  const admin = await createAccount(t, { email: `load.admin.${tag}@clinic.test`, role: "institution_admin" });
  const institutionId = admin.institutionId ?? 0;
  const gameIds = (await db.select({ id: games.id }).from(games)).map((row) => row.id);
  await db.insert(institutionGames).values(gameIds.map((gameId) => ({ institutionId, gameId })));
  const headers = withBearer((await signIn(t, admin)).access);
  const offer = (await t.app.inject({ url: `/api/institutions/${institutionId}/games/`, headers })).json() as InstitutionGame[];
  const entries = offer.map((game) => ({
    game: game.id,
    forms: game.levels.map((level) => ({
      difficulty: level.difficulty,
      amount_challenges: 1,
      amount_trials: 1,
      min_repetitions_per_day: level.configuration.min_repetitions_per_day,
      max_repetitions_per_day: level.configuration.max_repetitions_per_day,
      unlimited: false,
    })),
  }));
  const formCount = entries.reduce((sum, entry) => sum + entry.forms.length, 0);
  const perCall = maxPatientsFor(formCount);
  const total = perCall * calls + 1;
  const inserted = await db.execute(sql`
    insert into patients (institution_id, first_name, last_name, email, birthdate, gender, status)
    select ${institutionId}::int, 'Load', 'Patient ' || n, 'load.' || n || '.' || ${tag}::text || '@home.test', date '1950-01-01', 'female', 'active'
    from generate_series(1, ${total}::int) as n
    returning id`);
  const ids = (inserted as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  const bodies = Array.from({ length: calls }, (_, call) => ({ patients: ids.slice(call * perCall, (call + 1) * perCall), games: entries }) as unknown as AssignmentBody);
  return { headers, bodies, overCap: { patients: ids.slice(0, perCall + 1), games: entries } as unknown as AssignmentBody, levelsPerCall: perCall * formCount };
};

export type LoadRun = {
  readonly statuses: readonly number[];
  readonly answers: readonly unknown[];
  readonly answerBytes: readonly number[];
  /** Milliseconds of each /api/health call made while the assignments ran (and one after). */
  readonly health: readonly number[];
  readonly healthFailures: number;
  readonly elapsedMs: number;
};

const HEALTH_PAUSE_MS = 5;
const MAX_HEALTH_SAMPLES = 100_000;

/**
 * Fires every body at once and asks /api/health one call at a time until they have all answered.
 * `sampleHealth` may be given to sample from elsewhere (the bench's worker thread); it is told to stop.
 */
export const fireWhileSampling = async (baseUrl: string, load: AssignmentLoad, timeoutMs: number): Promise<LoadRun> => {
  let done = false;
  const health: number[] = [];
  let healthFailures = 0;
  const sampler = (async () => {
    while (!done && health.length < MAX_HEALTH_SAMPLES) {
      const started = performance.now();
      const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) }).then(
        async (response) => (await response.text(), response.ok),
        () => false,
      );
      health.push(performance.now() - started);
      if (!ok) healthFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_PAUSE_MS));
    }
  })();
  // Let the sampler take one reading before the load starts.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  const results = await Promise.all(
    load.bodies.map(async (body) => {
      const response = await fetch(`${baseUrl}/api/assignments/`, {
        method: "POST",
        headers: { ...load.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, text };
    }),
  );
  const elapsedMs = performance.now() - started;
  done = true;
  await sampler;
  return {
    statuses: results.map((result) => result.status),
    answers: results.map((result) => JSON.parse(result.text) as unknown),
    answerBytes: results.map((result) => Buffer.byteLength(result.text)),
    health,
    healthFailures,
    elapsedMs,
  };
};
