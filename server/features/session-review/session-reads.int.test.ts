import * as Schema from "effect/Schema";
import { asc, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapSessionDetail, mapSessionDetailAs } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { GameStatisticsWire } from "../../../domain/session-review/game-statistics-wire.ts";
import { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { SessionListPageWire } from "../../../domain/session-review/session-list-wire.ts";
import { GAME_TYPES } from "../../../domain/shared/games/game-type.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { attemptNotes } from "../../db/schema/notes.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { isoWeekStart } from "./level-sessions.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// The session-review reads: statistics, the session list and the session detail of all eight
// games, decoded with the shared wire schemas (extra keys refused) and mapped by the portal's own
// mapping; the percentage changes; the scope (another SLP, another institution, the super
// administrator, unknown ids: one answer) and the audit rows.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Who = keyof SessionWorld["headers"];
type Failure = { code: string; message: string; detail: { field?: string } | null };

const at = (iso: string): Date => new Date(iso);

describe.each(TEST_DRIVERS)("session-review reads on %s", (driver) => {
  let world: SessionWorld;
  const sessionsByType = new Map<string, number>();

  beforeAll(async () => {
    world = await sessionWorld(driver, "reads");
    for (const [index, type] of GAME_TYPES.entries()) {
      const inserted = await world.addSession({ patientId: world.patientId, type, start: at(`2026-02-2${index % 5}T10:00:00Z`) });
      sessionsByType.set(type, inserted.sessionId);
    }
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const get = (who: Who, url: string): Promise<LightMyRequestResponse> => world.t.app.inject({ method: "GET", url, headers: world.headers[who] });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    return body;
  };

  it("answers the session detail of every game type in the documented shape, which the portal maps", async () => {
    for (const type of GAME_TYPES) {
      const response = await get("slp", `/api/game-session/${sessionsByType.get(type)}/detailed/`);
      expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
      const detail = decodeStrictly(SessionDetailWire, response.json());
      expect(detail.game_info.type).toBe(type);
      expect(detail.patient_id).toBe(world.patientId);
      expect(detail.patient_game_level_id).toBe(await world.levelOf(world.patientId, type));
      expect(detail.review).toBeNull();
      const view = mapSessionDetailAs(type, detail);
      expect(view.ok, `${type}: ${view.ok ? "" : view.message}`).toBe(true);
      for (const challenge of detail.challenges_in_session) for (const attempt of challenge.attempts) expect(attempt.correction).toBeNull();
    }
  });

  it("derives the detail's figures: points, accuracy, average per item or per word, metrics", async () => {
    const naming = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${sessionsByType.get("naming")}/detailed/`)).json());
    // The naming example: 0 + 1 + 1 points, two of three correct, 60 s over two challenges.
    expect(naming.total_score).toBe(2);
    expect(naming.accuracy_percentage).toBeCloseTo(66.7, 5);
    expect(naming.total_session_duration).toBe(60);
    expect(naming.avg_duration_per_content).toBe(30);
    expect(naming.game_metrics).toEqual({});
    expect(naming.challenges_in_session.map((c) => c.order)).toEqual([1, 2]);
    expect(naming.challenges_in_session[0]?.attempts.map((a) => a.attempt_number)).toEqual([1, 2]);
    const fluency = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${sessionsByType.get("verbal_fluency")}/detailed/`)).json());
    expect(fluency.game_metrics).toEqual({ words_count: 7 });
    expect(fluency.avg_duration_per_content).toBeCloseTo(60 / 7, 9);
    const grid = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${sessionsByType.get("memory_grid")}/detailed/`)).json());
    expect(grid.game_metrics).toHaveProperty("success_rate");
  });

  it("writes any text of an attempt as valid JSON: quotes, backslashes, line breaks, emoji", async () => {
    const said = 'He said "no" \\ then\nleft\t😀 </script>';
    const s = await world.addSession({ patientId: world.patientId, type: "parrot", start: at("2026-02-03T09:00:00Z"), challenges: [[{ transcription: said, attemptData: { note: said } }]] });
    const detail = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${s.sessionId}/detailed/`)).json());
    const attempt = detail.challenges_in_session[0]?.attempts[0];
    expect(attempt?.score_details.transcription).toBe(said);
    expect(attempt?.attempt_data).toEqual({ note: said });
    // A time no JSON number can hold reads null rather than breaking the answer.
    await world.db.update(gameAttempts).set({ timeSeconds: Number.POSITIVE_INFINITY }).where(eq(gameAttempts.id, s.attemptIds[0] ?? 0));
    const again = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${s.sessionId}/detailed/`)).json());
    expect(again.challenges_in_session[0]?.attempts[0]?.time_seconds).toBeNull();
  });

  it("compares a session with the previous one of the same level, and has no change for the first", async () => {
    const first = await world.addSession({ patientId: world.patientId, type: "parrot", start: at("2026-01-10T09:00:00Z"), durationSeconds: 40, challenges: [[{ score: 1, isCorrect: true }], [{ score: 0, isCorrect: false }]] });
    const second = await world.addSession({ patientId: world.patientId, type: "parrot", start: at("2026-01-11T09:00:00Z"), durationSeconds: 50, challenges: [[{ score: 1, isCorrect: true }], [{ score: 0.5, isCorrect: true }]] });
    const one = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${first.sessionId}/detailed/`)).json());
    expect([one.total_score_percentage_change, one.accuracy_percentage_change, one.total_session_duration_percentage_change, one.avg_duration_per_content_percentage_change]).toEqual([null, null, null, null]);
    const two = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${second.sessionId}/detailed/`)).json());
    expect(two.total_score).toBe(1.5);
    expect(two.total_score_percentage_change).toBeCloseTo(50, 9);
    expect(two.accuracy_percentage_change).toBeCloseTo(100, 9);
    expect(two.total_session_duration_percentage_change).toBeCloseTo(25, 9);
    expect(two.avg_duration_per_content_percentage_change).toBeCloseTo(25, 9);
    // A previous session with 0 points has no percentage to compare with.
    const zero = await world.addSession({ patientId: world.patientId, type: "parrot", start: at("2026-01-12T09:00:00Z"), challenges: [[{ score: 0, isCorrect: false }]] });
    const after = await world.addSession({ patientId: world.patientId, type: "parrot", start: at("2026-01-13T09:00:00Z"), challenges: [[{ score: 1, isCorrect: true }]] });
    expect(zero.sessionId).toBeGreaterThan(0);
    const afterZero = decodeStrictly(SessionDetailWire, (await get("slp", `/api/game-session/${after.sessionId}/detailed/`)).json());
    expect(afterZero.total_score_percentage_change).toBeNull();
    expect(afterZero.accuracy_percentage_change).toBeNull();
    expect(afterZero.total_session_duration_percentage_change).toBe(0);
  });

  it("shows notes with their type, author and last editor, and the review", async () => {
    const inserted = await world.addSession({ patientId: world.patientId, type: "naming", start: at("2026-02-01T09:00:00Z"), reviewed: true });
    const attemptId = inserted.attemptIds[0] ?? 0;
    await world.db.update(gameSessions).set({ reviewedByUserId: world.accounts.slp.id, reviewedAt: at("2026-02-02T08:00:00Z") }).where(eq(gameSessions.id, inserted.sessionId));
    await world.db.insert(attemptNotes).values([
      { attemptId, noteTypeId: world.noteTypeIds[0] ?? 0, content: "First note", createdByUserId: world.accounts.slp.id, createdAt: at("2026-02-02T08:00:00Z"), updatedAt: at("2026-02-02T08:00:00Z") },
      { attemptId, noteTypeId: world.noteTypeIds[1] ?? 0, content: "Edited note", createdByUserId: world.accounts.slp.id, lastEditedByUserId: world.accounts.admin.id, createdAt: at("2026-02-02T09:00:00Z"), updatedAt: at("2026-02-03T09:00:00Z") },
    ]);
    const detail = decodeStrictly(SessionDetailWire, (await get("admin", `/api/game-session/${inserted.sessionId}/detailed/`)).json());
    expect(detail.review).toEqual({ reviewed_by: { id: world.accounts.slp.id, first_name: expect.any(String), last_name: expect.any(String), email: world.accounts.slp.email }, reviewed_at: "2026-02-02T08:00:00.000Z" });
    const notes = detail.challenges_in_session[0]?.attempts[0]?.notes ?? [];
    expect(notes.map((note) => note.note)).toEqual(["First note", "Edited note"]);
    expect(notes[0]).toMatchObject({ game_attempt: attemptId, type: { id: world.noteTypeIds[0], name: "Observation", color: "#2563eb" }, created_by: { id: world.accounts.slp.id }, last_edited_by: null });
    expect(notes[1]).toMatchObject({ last_edited_by: { id: world.accounts.admin.id, email: world.accounts.admin.email }, updated_at: "2026-02-03T09:00:00.000Z" });
    const view = mapSessionDetail(detail);
    expect(view.ok).toBe(true);
  });

  it("lists a level's sessions newest first, ten to a page, and answers a page past the end empty", async () => {
    const levelId = await world.levelOf(world.patientId, "pill_sorting");
    const starts: Date[] = [];
    for (let day = 1; day <= 12; day += 1) starts.push(at(`2026-01-${String(day).padStart(2, "0")}T08:00:00Z`));
    // Two sessions at the same instant: the id breaks the tie, newest id first.
    starts.push(at("2026-01-12T08:00:00Z"));
    const ids: number[] = [];
    for (const start of starts) ids.push((await world.addSession({ patientId: world.patientId, type: "pill_sorting", start, reviewed: start.getUTCDate() % 2 === 0 })).sessionId);
    const before = await world.db.select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.patientGameLevelId, levelId));
    const total = before.length;
    const first = decodeStrictly(SessionListPageWire, (await get("slp", `/api/game-sessions-list/?game_level_id=${levelId}`)).json());
    expect(first).toMatchObject({ current_page: 1, total_pages: Math.ceil(total / 10), count: total });
    expect(first.results).toHaveLength(10);
    const second = decodeStrictly(SessionListPageWire, (await get("slp", `/api/game-sessions-list/?game_level_id=${levelId}&page=2`)).json());
    const listed = [...first.results, ...second.results];
    expect(listed).toHaveLength(total);
    const expectedOrder = (await world.db.select({ id: gameSessions.id, start: gameSessions.startTime }).from(gameSessions).where(eq(gameSessions.patientGameLevelId, levelId)))
      .sort((a, b) => b.start.getTime() - a.start.getTime() || b.id - a.id)
      .map((row) => row.id);
    expect(listed.map((row) => row.id)).toEqual(expectedOrder);
    // The two at the same instant: the later id first, right before the other.
    const tied = listed.findIndex((row) => row.id === ids.at(-1));
    expect(listed[tied + 1]?.id).toBe(ids[11]);
    expect(listed[tied]).toMatchObject({ start_time: "2026-01-12T08:00:00.000Z", duration: 60, current_level: "easy", assigned_at: "2026-01-05T09:00:00.000Z", reviewed: true });
    // Each session's points, as stored, for the overview's score tile.
    const scores = new Map((await world.db.select({ id: gameSessions.id, score: gameSessions.totalScore }).from(gameSessions).where(eq(gameSessions.patientGameLevelId, levelId))).map((row) => [row.id, row.score]));
    expect(listed.map((row) => row.total_score)).toEqual(listed.map((row) => scores.get(row.id)));
    const small = decodeStrictly(SessionListPageWire, (await get("slp", `/api/game-sessions-list/?game_level_id=${levelId}&page=3&page_size=5`)).json());
    expect(small.results.map((row) => row.id)).toEqual(expectedOrder.slice(10, 15));
    const past = decodeStrictly(SessionListPageWire, (await get("slp", `/api/game-sessions-list/?game_level_id=${levelId}&page=9`)).json());
    expect(past).toEqual({ current_page: 9, total_pages: Math.ceil(total / 10), count: total, results: [] });
    expectFailure(await get("slp", `/api/game-sessions-list/?game_level_id=${levelId}&page_size=101`), 400, "ERROR_056");
    expectFailure(await get("slp", `/api/game-sessions-list/?game_level_id=${levelId}&page=0`), 400, "ERROR_056");
  });

  it("sums a level's time this ISO week (UTC) and in all, and compares the week with the last", async () => {
    const levelId = await world.levelOf(world.otherSlpPatientId, "memory_grid", "hard");
    const empty = decodeStrictly(GameStatisticsWire, (await get("otherSlp", `/api/game-sessions-statistics/?game_level_id=${levelId}`)).json());
    expect(empty).toEqual({ last_session_start_time: null, time_this_week_seconds: 0, total_time_seconds: 0, game_details: { id: world.gameIdOf("memory_grid"), name: "Memory grid" }, percentage_change_this_week: null });
    // The test clock stands on Sunday 2026-03-01 12:00 UTC: this week began Monday 02-23 00:00 UTC.
    expect(isoWeekStart(world.t.clock.now()).toISOString()).toBe("2026-02-23T00:00:00.000Z");
    const add = (start: string, durationSeconds: number) =>
      world.addSession({ patientId: world.otherSlpPatientId, type: "memory_grid", difficulty: "hard", start: at(start), durationSeconds });
    await add("2026-02-16T00:00:00Z", 100); // last week, first second
    await add("2026-02-22T23:59:59Z", 100); // last week, last second
    await add("2026-02-23T00:00:00Z", 150); // this week
    await add("2026-03-01T11:00:00Z", 150); // this week, today
    await add("2026-02-10T10:00:00Z", 40); // earlier
    const stats = decodeStrictly(GameStatisticsWire, (await get("admin", `/api/game-sessions-statistics/?game_level_id=${levelId}`)).json());
    expect(stats).toEqual({
      last_session_start_time: "2026-03-01T11:00:00.000Z",
      time_this_week_seconds: 300,
      total_time_seconds: 540,
      game_details: { id: world.gameIdOf("memory_grid"), name: "Memory grid" },
      percentage_change_this_week: 50,
    });
  });

  it("reaches a session only through a patient in the caller's slice: other SLP, other institution and unknown ids read the same 404", async () => {
    const own = sessionsByType.get("naming") ?? 0;
    const otherSlp = await world.addSession({ patientId: world.otherSlpPatientId, type: "naming", start: at("2026-02-10T10:00:00Z") });
    const foreign = await world.addSession({ patientId: world.foreignPatientId, type: "naming", start: at("2026-02-10T10:00:00Z") });
    const [maxRow] = await world.db.select({ id: gameSessions.id }).from(gameSessions).orderBy(asc(gameSessions.id));
    const missing = 2_000_000_000 + (maxRow?.id ?? 0);
    const bodies = new Set<string>();
    for (const [who, id] of [["slp", otherSlp.sessionId], ["slp", foreign.sessionId], ["admin", foreign.sessionId], ["otherAdmin", own], ["otherSlp", own], ["slp", missing]] as const) {
      const failure = expectFailure(await get(who, `/api/game-session/${id}/detailed/`), 404, "ERROR_030");
      bodies.add(JSON.stringify({ message: failure.message, detail: failure.detail }));
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: "The requested session was not found", detail: null })]);
    expect((await get("otherAdmin", `/api/game-session/${foreign.sessionId}/detailed/`)).statusCode).toBe(200);
    expect((await get("staffAdmin", `/api/game-session/${own}/detailed/`)).statusCode).toBe(200);
    expectFailure(await get("superAdmin", `/api/game-session/${own}/detailed/`), 403, "ERROR_001");
    const level = await world.levelOf(world.foreignPatientId, "naming");
    for (const url of [`/api/game-sessions-list/?game_level_id=${level}`, `/api/game-sessions-statistics/?game_level_id=${level}`]) {
      const failure = expectFailure(await get("slp", url), 404, "ERROR_030");
      expect(failure.message).toBe("The requested exercise level was not found");
      expectFailure(await get("superAdmin", url), 403, "ERROR_001");
      expectFailure(await get("slp", url.replace(String(level), String(missing))), 404, "ERROR_030");
    }
    expectFailure(await get("slp", "/api/game-session/abc/detailed/"), 400, "ERROR_056");
    expectFailure(await get("slp", "/api/game-sessions-list/"), 400, "ERROR_056");
  });

  it("audits every read of session data with the record it read (denials too)", async () => {
    const id = sessionsByType.get("parrot") ?? 0;
    const level = await world.levelOf(world.patientId, "parrot");
    const startId = (await world.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;
    await get("slp", `/api/game-session/${id}/detailed/`);
    await get("slp", `/api/game-sessions-list/?game_level_id=${level}`);
    await get("slp", `/api/game-sessions-statistics/?game_level_id=${level}`);
    await get("otherSlp", `/api/game-session/${id}/detailed/`);
    const rows = (await world.db.select().from(auditEvents).orderBy(asc(auditEvents.id))).filter((row) => row.id > startId);
    expect(rows.map((row) => [row.action, row.resource, row.resourceId, row.outcome])).toEqual([
      ["read", "game_session", String(id), "success"],
      ["read", "game_sessions", String(level), "success"],
      ["read", "game_statistics", String(level), "success"],
      ["read", "game_session", String(id), "denied"],
    ]);
    expect(rows.every((row) => row.userId !== null)).toBe(true);
  });
});
