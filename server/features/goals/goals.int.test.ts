import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoalWire } from "../../../domain/goals/goals-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { goals } from "../../db/schema/goals.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type VersionNamed, type VersionedSubject, expectCurrentWrites, expectOneRacerWins, expectStaleRefused, expectUnreadableRefused } from "../../http/versioned-writes.test-helper.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// Issue 37: goals on the rules of the record (caseload, versions, audit, kept) and judged on read
// from the corrected sessions (docs/goals.md).
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("goals on %s", (driver) => {
  let world: SessionWorld;
  beforeAll(async () => {
    world = await sessionWorld(driver, "goals");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Who = keyof SessionWorld["headers"];
  const call = (who: Who, method: "GET" | "POST" | "PATCH", url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const goal = { kind: "long_term", statement: "Names everyday objects", game_types: ["naming"], min_level: "easy", min_accuracy: 80, sessions: 2, window: "consecutive", start_date: "2026-02-10", due_date: "2099-12-31" };
  /** A naming session on 2026-02-`day` whose attempts are correct as given: accuracy is the share correct. */
  const session = (day: number, correct: readonly boolean[]) =>
    world.addSession({ patientId: world.patientId, type: "naming", difficulty: "easy", start: new Date(Date.UTC(2026, 1, day, 9)), challenges: [correct.map((isCorrect) => ({ isCorrect, score: isCorrect ? 1 : 0 }))] });
  const list = async (who: Who = "slp", patient = world.patientId) => call(who, "GET", `/api/patients/${patient}/goals/`);
  const lastAudit = async (resource: string, action: string) => {
    const [row] = await world.db.select().from(auditEvents).where(and(eq(auditEvents.resource, resource), eq(auditEvents.action, action))).orderBy(desc(auditEvents.id)).limit(1);
    return row;
  };

  it("judges a goal from the sessions: baseline from the three before the start, current from the latest window, and a correction moves it", async () => {
    await session(1, [false, false, true, true]); // 50
    await session(2, [true, false, false, false]); // 25 (before the three)
    await session(3, [true, true, false, false]); // 50
    await session(4, [true, true, true, false]); // 75
    await session(5, [true, false, true, false]); // 50
    const created = await call("slp", "POST", `/api/patients/${world.patientId}/goals/`, goal);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const written = created.json() as GoalWire;
    expect(written).toMatchObject({ label: "LTG-1", version: 1, lifecycle: "active", progress: { status: "in-progress", current: null, baseline: { value: 58.3, source: "sessions" } } });
    expect(await lastAudit("goal", "create")).toMatchObject({ outcome: "success", resourceId: String(written.id) });

    const later = await session(11, [true, true, true, false]); // 75
    await session(12, [true, true, true, true]); // 100
    let [judged] = ((await list()).json() as { goals: GoalWire[] }).goals;
    expect(judged?.progress).toMatchObject({ status: "improving", current: 87.5, achieved_on: null });
    expect(await lastAudit("goal", "read")).toMatchObject({ outcome: "success", resourceId: String(world.patientId) });

    // The SLP corrects the one wrong attempt of the 11th: 100 and 100 over two consecutive sessions.
    const corrected = await call("slp", "PATCH", `/api/attempt/${later.attemptIds[3]}/`, { score: 1, score_details: { is_correct: true } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    [judged] = ((await list()).json() as { goals: GoalWire[] }).goals;
    expect(judged?.progress).toMatchObject({ status: "achieved", current: 100, achieved_on: "2026-02-12" });
  });

  it("gives short-term labels under their long-term goal and never reuses one", async () => {
    const [ltg] = ((await list()).json() as { goals: GoalWire[] }).goals;
    const stg = await call("staffAdmin", "POST", `/api/patients/${world.patientId}/goals/`, { ...goal, kind: "short_term", parent_goal: ltg?.id, window: "of_last", sessions: 2, of_sessions: 3 });
    expect(stg.statusCode, stg.body).toBe(201);
    expect(stg.json()).toMatchObject({ label: "STG-1a", parent_goal: ltg?.id, of_sessions: 3 });
    const second = await call("slp", "POST", `/api/patients/${world.patientId}/goals/`, goal);
    expect(second.json()).toMatchObject({ label: "LTG-2" });
    const orphan = await call("slp", "POST", `/api/patients/${world.patientId}/goals/`, { ...goal, kind: "short_term", parent_goal: (stg.json() as GoalWire).id });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toMatchObject({ code: "ERROR_030", detail: expect.anything() });
    expect(((await list()).json() as { goals: GoalWire[] }).goals.map((one) => one.label)).toEqual(["LTG-1", "STG-1a", "LTG-2"]);
  });

  it.each([
    ["min_accuracy", { min_accuracy: undefined }, "ERROR_003"],
    ["sessions", { sessions: null }, "ERROR_003"],
    ["due_date", { due_date: undefined }, "ERROR_003"],
    ["game_types", { game_types: [] }, "ERROR_003"],
    ["due_date", { due_date: "2026-02-01" }, "ERROR_034"],
    ["min_accuracy", { min_accuracy: 101 }, "ERROR_056"],
  ] as const)("refuses a goal without a valid %s with the catalogued error on it, and writes nothing", async (field, patch, code) => {
    const before = (await world.db.select({ id: goals.id }).from(goals)).length;
    const answer = await call("slp", "POST", `/api/patients/${world.patientId}/goals/`, { ...goal, ...patch });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code, detail: expect.objectContaining({ field }) });
    expect((await world.db.select({ id: goals.id }).from(goals)).length).toBe(before);
    expect(await lastAudit("goal", "create")).toMatchObject({ outcome: "failure", reason: "invalid_goal" });
  });

  it("follows the caseload: another SLP's or another clinic's patient is not found, the platform admin is refused, an institution admin reads but does not write", async () => {
    expect((await list("otherSlp")).statusCode).toBe(404);
    expect((await list("otherAdmin")).statusCode).toBe(404);
    expect((await list("superAdmin")).statusCode).toBe(403);
    expect((await list("admin")).statusCode).toBe(200);
    expect((await call("admin", "POST", `/api/patients/${world.patientId}/goals/`, goal)).statusCode).toBe(403);
    const [ltg] = ((await list()).json() as { goals: GoalWire[] }).goals;
    expect((await call("otherSlp", "PATCH", `/api/goals/${ltg?.id}/`, { statement: "Taken over" })).statusCode).toBe(404);
    expect(await lastAudit("goal", "update")).toMatchObject({ outcome: "denied" });
    // Administrators hold only list and retrieve on goals: refused before the scope is read.
    expect((await call("otherAdmin", "PATCH", `/api/goals/${ltg?.id}/`, { statement: "Taken over" })).statusCode).toBe(403);
  });

  it("keeps a discontinued goal (not-attainable) and reopens it; the database refuses to delete a goal", async () => {
    const [ltg] = ((await list()).json() as { goals: GoalWire[] }).goals;
    const closed = await call("slp", "PATCH", `/api/goals/${ltg?.id}/`, { lifecycle: "discontinued", version: ltg?.version });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ lifecycle: "discontinued", progress: { status: "not-attainable" } });
    expect(((await list()).json() as { goals: GoalWire[] }).goals.map((one) => one.label)).toContain("LTG-1");
    const reopened = await call("slp", "PATCH", `/api/goals/${ltg?.id}/`, { lifecycle: "active" });
    expect(reopened.json()).toMatchObject({ lifecycle: "active", version: (ltg?.version ?? 0) + 2 });
    await expect(world.db.delete(goals).where(eq(goals.id, ltg?.id ?? 0))).rejects.toThrow();
  });

  describe("an edit of a goal", () => {
    const subject = async (): Promise<VersionedSubject<string>> => {
      const created = (await call("slp", "POST", `/api/patients/${world.patientId}/goals/`, goal)).json() as GoalWire;
      let turn = 0;
      return {
        write: (statement: string, version: VersionNamed) => {
          turn += 1;
          return call(turn % 2 === 0 ? "staffAdmin" : "slp", "PATCH", `/api/goals/${created.id}/`, version.body === undefined ? { statement } : { statement, version: version.body }, version.ifMatch === undefined ? {} : { "if-match": version.ifMatch });
        },
        stored: async () => {
          const [row] = await world.db.select({ version: goals.version, value: goals.statement }).from(goals).where(eq(goals.id, created.id));
          if (row === undefined) throw new Error("no goal");
          return row;
        },
        lastAudit: async () => {
          const [row] = await world.db.select({ outcome: auditEvents.outcome, reason: auditEvents.reason }).from(auditEvents).where(and(eq(auditEvents.resource, "goal"), eq(auditEvents.resourceId, String(created.id)))).orderBy(desc(auditEvents.id)).limit(1);
          return row;
        },
        values: ["Names objects", "Names people", "Names places", "Names foods", "Names tools", "Names colours", "Names animals", "Names verbs"],
      };
    };
    it("refuses a stale version (412) and changes nothing", async () => expectStaleRefused(await subject()));
    it("writes with the current version", async () => expectCurrentWrites(await subject()));
    it("lets exactly one of two edits from the same version win", async () => {
      const one = await subject();
      for (let round = 0; round < 3; round += 1) await expectOneRacerWins(one);
    });
    it("refuses a malformed version (400)", async () => expectUnreadableRefused(await subject()));
  });
});
