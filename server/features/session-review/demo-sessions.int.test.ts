import * as Schema from "effect/Schema";
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapSessionDetailAs } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { GameStatisticsWire } from "../../../domain/session-review/game-statistics-wire.ts";
import { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { SessionListPageWire } from "../../../domain/session-review/session-list-wire.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../config.ts";
import { games } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { DEMO_BASE_DATE, DEMO_TEMPLATE } from "../../seed/demo-template.test-helper.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { sessionTotals } from "../../../domain/session-review/session-totals.ts";

// The demo as slp@demo.test meets it through the API: a recent and an old session of every game
// decode and map; old attempts are locked (409) and recent ones correctable; the stored totals are
// exactly what a correction would recompute; reviewing a waiting session lowers the dashboard count.
const SETUP_TIMEOUT = 240_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

describe.each(TEST_DRIVERS)("the demo's sessions through the session-review API on %s", (driver) => {
  let t: TestApp;
  let slp: Record<string, string>;

  beforeAll(async () => {
    // The run's shared demo, met at the moment it was seeded for (as `npm start` serves it).
    t = await createTestApp(driver, { template: DEMO_TEMPLATE });
    t.clock.set(DEMO_BASE_DATE);
    const [account] = await t.database.db.select({ id: users.id, email: users.email, institutionId: users.institutionId }).from(users).where(eq(users.email, "slp@demo.test"));
    if (account === undefined) throw new Error("no demo SLP");
    slp = withBearer((await signIn(t, { ...account, password: DEFAULT_DEMO_PASSWORD })).access);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  const caseloadSessions = (type: GameType, newestFirst: boolean) =>
    t.database.db
      .select({ id: gameSessions.id, levelId: gameSessions.patientGameLevelId, patientId: gameSessions.patientId, reviewed: gameSessions.reviewed })
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .innerJoin(patients, eq(patients.id, gameSessions.patientId))
      .innerJoin(staff, eq(staff.id, patients.assignedStaffId))
      .innerJoin(users, eq(users.id, staff.userId))
      .where(and(eq(users.email, "slp@demo.test"), eq(games.type, type)))
      .orderBy(newestFirst ? desc(gameSessions.startTime) : asc(gameSessions.startTime))
      .limit(1);

  it(
    "shows a recent (editable) and an old (locked) session of every game, each mapped by the portal",
    async () => {
      for (const type of GAME_TYPES) {
        for (const newest of [true, false]) {
          const [session] = await caseloadSessions(type, newest);
          expect(session, type).toBeDefined();
          const response = await t.app.inject({ url: `/api/game-session/${session?.id}/detailed/`, headers: slp });
          expect(response.statusCode, response.body).toBe(200);
          const detail = decodeStrictly(SessionDetailWire, response.json());
          const view = mapSessionDetailAs(type, detail);
          expect(view.ok, `${type} ${session?.id}: ${view.ok ? "" : view.message}`).toBe(true);
          const attempts = detail.challenges_in_session.flatMap((challenge) => challenge.attempts);
          expect(attempts.length).toBeGreaterThan(0);
          expect(attempts.every((attempt) => attempt.is_editable === newest), `${type} newest=${newest}`).toBe(true);
          if (!newest) {
            const refused = await t.app.inject({ method: "PATCH", url: `/api/attempt/${attempts[0]?.id}/`, headers: { ...slp, "content-type": "application/json" }, payload: { score_details: { is_correct: true } } });
            expect(refused.statusCode, refused.body).toBe(409);
          }
        }
        const [recent] = await caseloadSessions(type, true);
        const list = decodeStrictly(SessionListPageWire, (await t.app.inject({ url: `/api/game-sessions-list/?game_level_id=${recent?.levelId}`, headers: slp })).json());
        expect(list.results[0]?.id).toBe(recent?.id);
        decodeStrictly(GameStatisticsWire, (await t.app.inject({ url: `/api/game-sessions-statistics/?game_level_id=${recent?.levelId}`, headers: slp })).json());
      }
    },
    SETUP_TIMEOUT,
  );

  it("stores every session's points, accuracy and metrics exactly as a correction recomputes them", async () => {
    const db = t.database.db;
    const sessions = await db.select({ id: gameSessions.id, type: games.type, totalScore: gameSessions.totalScore, accuracy: gameSessions.accuracyPercentage, metrics: gameSessions.metrics }).from(gameSessions).innerJoin(games, eq(games.id, gameSessions.gameId));
    const challenges = await db.select({ id: gameChallenges.id, sessionId: gameChallenges.sessionId }).from(gameChallenges);
    const attempts = await db.select({ sessionId: gameAttempts.sessionId, challengeId: gameAttempts.challengeId, score: gameAttempts.score, isCorrect: gameAttempts.isCorrect, attemptData: gameAttempts.attemptData }).from(gameAttempts);
    const group = <A extends { sessionId: number }>(rows: readonly A[]) => {
      const map = new Map<number, A[]>();
      for (const row of rows) map.set(row.sessionId, [...(map.get(row.sessionId) ?? []), row]);
      return map;
    };
    const challengesOf = group(challenges);
    const attemptsOf = group(attempts);
    const mismatches = sessions.filter((session) => {
      const totals = sessionTotals(session.type, (challengesOf.get(session.id) ?? []).map((c) => c.id), attemptsOf.get(session.id) ?? [], session.metrics);
      return totals.totalScore !== session.totalScore || totals.accuracyPercentage !== session.accuracy || JSON.stringify(totals.metrics) !== JSON.stringify(session.metrics);
    });
    expect(sessions.length).toBeGreaterThan(3000);
    expect(mismatches.map((session) => session.id)).toEqual([]);
  });

  it("lowers the SLP dashboard's games to review when a waiting session is marked reviewed", async () => {
    const db = t.database.db;
    const [waiting] = await db
      .select({ id: gameSessions.id, patientId: gameSessions.patientId })
      .from(gameSessions)
      .innerJoin(patients, eq(patients.id, gameSessions.patientId))
      .innerJoin(staff, eq(staff.id, patients.assignedStaffId))
      .innerJoin(users, eq(users.id, staff.userId))
      .where(and(eq(users.email, "slp@demo.test"), eq(gameSessions.reviewed, false)))
      .limit(1);
    const countOf = async (): Promise<number | undefined> => {
      const page = (await t.app.inject({ url: "/api/patients/dashboard/?page_size=100", headers: slp })).json() as { results: Array<{ id: number; games_to_review: number }> };
      return page.results.find((row) => row.id === waiting?.patientId)?.games_to_review;
    };
    const before = (await countOf()) ?? 0;
    expect(before).toBeGreaterThan(0);
    const response = await t.app.inject({ method: "PUT", url: `/api/game-session/${waiting?.id}/review/`, headers: { ...slp, "content-type": "application/json" }, payload: { reviewed: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await countOf()).toBe(before - 1);
  });
});
