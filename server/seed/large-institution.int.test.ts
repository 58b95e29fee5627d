import * as Schema from "effect/Schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapSessionDetailAs } from "../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { SessionDetailWire } from "../../domain/session-review/session-detail-wire.ts";
import { sessionTotals } from "../../domain/session-review/session-totals.ts";
import { GAME_TYPES } from "../../domain/shared/games/game-type.ts";
import { signIn, withBearer } from "../auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../config.ts";
import { games } from "../db/schema/games.ts";
import { patients } from "../db/schema/patients.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../db/schema/sessions.ts";
import { users } from "../db/schema/users.ts";
import { rowsOf } from "../db/rows-of.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { TEST_START, type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { DEFAULT_ARGUMENTS, parseLargeArguments } from "./large/arguments.ts";
import { arrayLiteral } from "./large/unnest-insert.ts";
import { type LargeInstitution, seedLargeInstitution } from "./large-institution.ts";
import { syncReferenceData } from "./reference-data.ts";

// A small seed through the same code as 100,000 patients (small statements, so the batching is
// crossed many times): every game, reviewed and waiting sessions, attempts the session detail
// decodes and maps, totals as a correction recomputes them, counters the triggers kept, and the
// two accounts signing in with the demo password and an e-mailed code.
const SETUP_TIMEOUT = 120_000;
const DAY_MS = 86_400_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

describe.each(TEST_DRIVERS)("a small large institution on %s", (driver) => {
  let t: TestApp;
  let seeded: LargeInstitution;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await syncReferenceData(t.database.db);
    seeded = await seedLargeInstitution(t.database.db, { patients: 120, sessionsPerAssignment: 6, days: 90, attempts: true, seed: 7, now: TEST_START, sessionsPerStatement: 97, passwordHashCost: "test" });
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  const sessionsOf = (institutionId: number) =>
    t.database.db
      .select({ id: gameSessions.id, type: games.type, start: gameSessions.startTime, reviewed: gameSessions.reviewed, reviewer: gameSessions.reviewedByUserId, reviewedAt: gameSessions.reviewedAt, totalScore: gameSessions.totalScore, accuracy: gameSessions.accuracyPercentage, metrics: gameSessions.metrics })
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .innerJoin(patients, eq(patients.id, gameSessions.patientId))
      .where(eq(patients.institutionId, institutionId));

  it("leaves every table it filled, its triggers' included, vacuumed or analysed, as autovacuum would", async () => {
    // reltuples is -1 until a table's first VACUUM or ANALYZE (PostgreSQL 14 on).
    const tables = rowsOf(
      await t.database.db.execute(sql`select c.relname as name, c.reltuples as tuples from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'`),
    );
    const filled: string[] = [];
    for (const { name } of tables) {
      const [found] = rowsOf(await t.database.db.execute(sql`select exists (select 1 from ${sql.identifier(String(name))}) as filled`));
      if (found?.filled === true) filled.push(String(name));
    }
    expect(filled).toContain("patient_activity");
    expect(tables.filter((table) => filled.includes(String(table.name)) && Number(table.tuples) < 0).map((table) => table.name)).toEqual([]);
  });

  it("holds sessions of all eight games over the last 90 days, most reviewed and more of the last week waiting", async () => {
    const sessions = await sessionsOf(seeded.institutionId);
    expect(sessions.length).toBe(seeded.sessions);
    expect(seeded.assignments).toBeGreaterThan(100);
    expect(seeded.sessions).toBeGreaterThan(seeded.assignments * 4);
    expect(new Set(sessions.map((s) => s.type))).toEqual(new Set(GAME_TYPES));
    const ages = sessions.map((s) => (TEST_START.getTime() - s.start.getTime()) / DAY_MS);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    const reviewedShare = sessions.filter((s) => s.reviewed).length / sessions.length;
    expect(reviewedShare).toBeGreaterThan(0.75);
    expect(reviewedShare).toBeLessThan(0.95);
    const lastWeek = sessions.filter((s) => TEST_START.getTime() - s.start.getTime() < 7 * DAY_MS);
    expect(lastWeek.filter((s) => !s.reviewed).length / lastWeek.length).toBeGreaterThan(1 - reviewedShare + 0.2);
    for (const s of sessions) {
      expect(s.reviewed).toBe(s.reviewer !== null && s.reviewedAt !== null);
      if (s.reviewedAt !== null) expect(s.reviewedAt.getTime()).toBeGreaterThan(s.start.getTime());
    }
  });

  it("gives every session attempts, locked after 60 days, and totals exactly as a correction recomputes them", async () => {
    const db = t.database.db;
    const sessions = await sessionsOf(seeded.institutionId);
    const ids = new Set(sessions.map((s) => s.id));
    const challenges = (await db.select({ id: gameChallenges.id, sessionId: gameChallenges.sessionId }).from(gameChallenges)).filter((c) => ids.has(c.sessionId));
    const attempts = (
      await db
        .select({ sessionId: gameAttempts.sessionId, challengeId: gameAttempts.challengeId, score: gameAttempts.score, isCorrect: gameAttempts.isCorrect, attemptData: gameAttempts.attemptData, isEditable: gameAttempts.isEditable, createdAt: gameAttempts.createdAt })
        .from(gameAttempts)
    ).filter((a) => ids.has(a.sessionId));
    expect([challenges.length, attempts.length]).toEqual([seeded.challenges, seeded.attempts]);
    const group = <A extends { sessionId: number }>(rows: readonly A[]) => {
      const map = new Map<number, A[]>();
      for (const row of rows) map.set(row.sessionId, [...(map.get(row.sessionId) ?? []), row]);
      return map;
    };
    const challengesOf = group(challenges);
    const attemptsOf = group(attempts);
    expect(sessions.filter((s) => (attemptsOf.get(s.id) ?? []).length === 0).map((s) => s.id)).toEqual([]);
    const mismatches = sessions.filter((s) => {
      const totals = sessionTotals(s.type, (challengesOf.get(s.id) ?? []).map((c) => c.id), attemptsOf.get(s.id) ?? []);
      return totals.totalScore !== s.totalScore || totals.accuracyPercentage !== s.accuracy || JSON.stringify(totals.metrics) !== JSON.stringify(s.metrics);
    });
    expect(mismatches.map((s) => s.id)).toEqual([]);
    const startOf = new Map(sessions.map((s) => [s.id, s.start.getTime()]));
    const wronglyLocked = attempts.filter((a) => a.isEditable !== TEST_START.getTime() - (startOf.get(a.sessionId) ?? 0) <= 60 * DAY_MS);
    expect(wronglyLocked).toEqual([]);
    expect(attempts.some((a) => !a.isEditable) && attempts.some((a) => a.isEditable)).toBe(true);
  });

  it("leaves the counters the triggers keep exact, and a patient reviewed once nothing of theirs waits", async () => {
    const rows = await t.database.db
      .select({
        pending: sql<number>`(select a.pending_sessions from patient_activity a where a.patient_id = patients.id)`,
        reviewed: patients.reviewed,
        // Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" would be g.id here.
        counted: sql<number>`(select count(*)::int from game_sessions g where g.patient_id = patients.id and not g.reviewed)`,
      })
      .from(patients)
      .where(eq(patients.institutionId, seeded.institutionId));
    expect(rows.length).toBe(120);
    expect(rows.filter((row) => row.pending !== row.counted || row.reviewed !== (row.pending === 0))).toEqual([]);
    expect(rows.some((row) => row.pending > 0)).toBe(true);
  });

  it("lets the administrator and the big-caseload SLP sign in with the demo password, and the SLP open a session of every game", async () => {
    const db = t.database.db;
    const accountOf = async (email: string) => {
      const [row] = await db.select({ id: users.id, email: users.email, institutionId: users.institutionId }).from(users).where(eq(users.email, email));
      if (row === undefined) throw new Error(`no account ${email}`);
      expect(row.institutionId).toBe(seeded.institutionId);
      return { ...row, password: DEFAULT_DEMO_PASSWORD };
    };
    const admin = withBearer((await signIn(t, await accountOf(seeded.adminEmail))).access);
    const me = await t.app.inject({ url: "/api/users/me/", headers: admin });
    expect(me.statusCode, me.body).toBe(200);
    expect((me.json() as { role: { code_name: string } }).role.code_name.toLowerCase()).toBe("institution_admin");

    const slp = withBearer((await signIn(t, await accountOf(seeded.slpEmail))).access);
    const caseload = await db.select({ count: sql<number>`count(*)::int` }).from(patients).where(eq(patients.assignedStaffId, seeded.staffIds[0] ?? 0));
    expect(caseload[0]?.count).toBe(120);
    for (const type of GAME_TYPES) {
      const [session] = await db
        .select({ id: gameSessions.id })
        .from(gameSessions)
        .innerJoin(games, eq(games.id, gameSessions.gameId))
        .innerJoin(patients, eq(patients.id, gameSessions.patientId))
        .where(and(eq(patients.institutionId, seeded.institutionId), eq(games.type, type)))
        .orderBy(sql`${gameSessions.startTime} desc`)
        .limit(1);
      const response = await t.app.inject({ url: `/api/game-session/${session?.id}/detailed/`, headers: slp });
      expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
      const view = mapSessionDetailAs(type, decodeStrictly(SessionDetailWire, response.json()));
      expect(view.ok, `${type} ${session?.id}: ${view.ok ? "" : view.message}`).toBe(true);
    }
  });

  it("sends array literals that arrive as the strings and numbers they were", async () => {
    const texts = ["plain", "", "NULL", "say \"hi\"", "back\\slash", "a,b {c} d", "  spaced  ", "naïve – ünïcödé", null];
    const numbers = [0, -1, 2.5, 1e21, null];
    const result = await t.database.db.execute(
      sql`select array(select unnest(${arrayLiteral(texts)}::text[])) as texts, array(select unnest(${arrayLiteral(numbers)}::float8[])) as numbers`,
    );
    const [row] = (result as unknown as { rows: Array<{ texts: unknown[]; numbers: unknown[] }> }).rows;
    expect(row?.texts).toEqual(texts);
    expect(row?.numbers.map((value) => (value === null ? null : Number(value)))).toEqual(numbers);
  });

  it("adds a second institution with its own addresses, and no sessions when asked for none", async () => {
    const second = await seedLargeInstitution(t.database.db, { patients: 30, sessionsPerAssignment: 0, seed: 8, now: TEST_START, passwordHashCost: "test" });
    expect(second.institutionId).not.toBe(seeded.institutionId);
    expect([seeded.adminEmail, seeded.slpEmail]).toEqual(["admin@large.test", "slp@large.test"]);
    expect(second.adminEmail).toMatch(/^admin\.[0-9a-z]+@large\.test$/);
    expect([second.sessions, second.challenges, second.attempts]).toEqual([0, 0, 0]);
    expect(await sessionsOf(second.institutionId)).toEqual([]);
    expect(second.assignments).toBeGreaterThan(20);
  });
});

describe("the seed:large command line", () => {
  it("runs with the defaults when given nothing", () => {
    expect(parseLargeArguments([])).toEqual({ kind: "run", options: DEFAULT_ARGUMENTS });
  });

  it("reads every flag, as `--flag N` and as `--flag=N`", () => {
    expect(parseLargeArguments(["--patients", "10000", "--sessions-per-assignment=0", "--days", "30", "--attempts", "--seed=7"])).toEqual({
      kind: "run",
      options: { patients: 10_000, sessionsPerAssignment: 0, days: 30, attempts: true, seed: 7 },
    });
  });

  it("answers --help and -h with the usage, which names every flag", () => {
    for (const flag of ["--help", "-h"]) {
      const parsed = parseLargeArguments(["--patients", "5", flag]);
      expect(parsed.kind).toBe("help");
      const text = parsed.kind === "help" ? parsed.text : "";
      for (const name of ["--patients", "--sessions-per-assignment", "--days", "--attempts", "--seed"]) expect(text).toContain(name);
    }
  });

  it.each([
    [["--patient", "5"], /unknown option "--patient"/],
    [["500"], /unknown option "500"/],
    [["--patients"], /--patients needs a number/],
    [["--patients", "0"], /--patients takes a whole number from 1/],
    [["--patients", "1e5"], /got "1e5"/],
    [["--patients=-3"], /got "-3"/],
    [["--days", "0"], /--days takes a whole number/],
    [["--sessions-per-assignment", "2.5"], /got "2.5"/],
    [["--seed", "abc"], /--seed takes a whole number/],
    [["--attempts=yes"], /--attempts takes no value/],
    [["--days", "3", "--days=4"], /--days is given twice/],
  ])("refuses %j with a clear message", (argv, message) => {
    const parsed = parseLargeArguments(argv);
    expect(parsed.kind).toBe("error");
    expect(parsed.kind === "error" ? parsed.message : "").toMatch(message);
  });
});
