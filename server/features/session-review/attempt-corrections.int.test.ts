import * as Schema from "effect/Schema";
import { asc, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttemptCorrectionAnswer } from "../../../domain/session-review/correction-answer.ts";
import { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// PATCH attempt/{id}/: only editable attempts change (409 ERROR_050), only the fields the game
// allows (ERROR_051), scores 0 to 1 in tenths, text at most 1000 characters (ERROR_056), word
// lists trimmed with blanks dropped, nested objects merged; the first original is kept, the
// corrector stamped every time, the session's totals recomputed; scope and audit.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Who = keyof SessionWorld["headers"];
type Failure = { code: string; message: string; detail: { field?: string } | null };

describe.each(TEST_DRIVERS)("attempt corrections on %s", (driver) => {
  let world: SessionWorld;
  let day = 0;

  beforeAll(async () => {
    world = await sessionWorld(driver, "fix");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  /** A fresh session of a game for the world's SLP's patient, one day after the last. */
  const session = (type: Parameters<SessionWorld["addSession"]>[0]["type"], extra: Partial<Parameters<SessionWorld["addSession"]>[0]> = {}) => {
    day += 1;
    return world.addSession({ patientId: world.patientId, type, start: new Date(Date.UTC(2026, 0, day, 9)), ...extra });
  };
  const patch = (who: Who, attemptId: number, body: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "PATCH", url: `/api/attempt/${attemptId}/`, headers: { ...world.headers[who], "content-type": "application/json" }, payload: JSON.stringify(body) });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string, field?: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    if (field !== undefined) expect(body.detail?.field, response.body).toBe(field);
    return body;
  };
  const corrected = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    const { session: figures, ...attempt } = decodeStrictly(AttemptCorrectionAnswer, response.json());
    return Object.assign(attempt, { figures });
  };
  /** What the answer says of the session, in the detail's words: it must be what the detail then shows. */
  const figuresOf = (detail: SessionDetailWire) => ({
    id: detail.id,
    total_score: detail.total_score,
    total_score_percentage_change: detail.total_score_percentage_change,
    accuracy_percentage: detail.accuracy_percentage,
    accuracy_percentage_change: detail.accuracy_percentage_change,
    avg_duration_per_content: detail.avg_duration_per_content,
    avg_duration_per_content_percentage_change: detail.avg_duration_per_content_percentage_change,
    game_metrics: detail.game_metrics,
  });
  const detailOf = async (sessionId: number) => decodeStrictly(SessionDetailWire, (await world.t.app.inject({ method: "GET", url: `/api/game-session/${sessionId}/detailed/`, headers: world.headers.slp })).json());
  const storedAttempt = async (attemptId: number) => (await world.db.select().from(gameAttempts).where(eq(gameAttempts.id, attemptId)))[0];

  it("corrects score and result, keeps the machine's original, stamps the corrector each time, and recomputes the session", async () => {
    // Naming example: apple 0 (wrong) then 1 (right), umbrella 1 (right): 2 points, 66.7 %.
    const s = await session("naming");
    const [wrong] = s.attemptIds;
    const first = corrected(await patch("slp", wrong ?? 0, { score: 0.7, score_details: { is_correct: true } }));
    expect(first).toMatchObject({ id: wrong, score: 0.7, score_details: { is_correct: true, transcription: "apricot", ai_feedback: null } });
    expect(first.correction).toEqual({
      corrected_by: { id: world.accounts.slp.id, first_name: expect.any(String), last_name: expect.any(String), email: world.accounts.slp.email },
      corrected_at: world.t.clock.now().toISOString(),
      original: { score: 0, is_correct: false, transcription: "apricot", correct_words: null, wrong_words: null },
    });
    let detail = await detailOf(s.sessionId);
    // The answer holds the attempt exactly as the session detail shows it, and the session's figures too.
    const { figures: firstFigures, ...firstAttempt } = first;
    expect(detail.challenges_in_session[0]?.attempts[0]).toEqual(firstAttempt);
    expect(firstFigures).toEqual(figuresOf(detail));
    expect(detail.total_score).toBe(2.7);
    expect(detail.accuracy_percentage).toBe(100);
    expect(detail.challenges_in_session[0]?.attempts[0]?.correction?.original.score).toBe(0);
    // A second reviewer changes it again: the first original stays, the stamp moves.
    world.t.clock.advance(60_000);
    const second = corrected(await patch("staffAdmin", wrong ?? 0, { score: 0.2, score_details: { is_correct: false } }));
    expect(second.correction?.original).toEqual(first.correction?.original);
    expect(second.correction?.corrected_by.email).not.toBe(world.accounts.slp.email);
    expect(second.correction?.corrected_at).toBe(world.t.clock.now().toISOString());
    detail = await detailOf(s.sessionId);
    expect(second.figures).toEqual(figuresOf(detail));
    expect(detail.total_score).toBe(2.2);
    expect(detail.accuracy_percentage).toBeCloseTo(66.7, 5);
    const row = await storedAttempt(wrong ?? 0);
    expect(row).toMatchObject({ score: 0.2, isCorrect: false, correctedAt: world.t.clock.now() });
  });

  it("refuses any change to an attempt that is not editable (409 ERROR_050), whatever the body", async () => {
    const s = await session("naming", { locked: true });
    const attemptId = s.attemptIds[0] ?? 0;
    const before = await storedAttempt(attemptId);
    for (const body of [{ score: 0.5 }, { score_details: { is_correct: true } }, { score_details: { transcription: "x" } }]) {
      const failure = expectFailure(await patch("slp", attemptId, body), 409, "ERROR_050", "is_editable");
      expect(failure.message).toBe("The action is not allowed for the current status: not editable");
    }
    expect(await storedAttempt(attemptId)).toEqual(before);
    const detail = await detailOf(s.sessionId);
    expect(detail.challenges_in_session.flatMap((c) => c.attempts).every((a) => !a.is_editable && a.correction === null)).toBe(true);
  });

  it("accepts only the fields each game allows (ERROR_051 naming the field)", async () => {
    const parrot = await session("parrot");
    const chitchat = await session("chitchat_ai");
    const naming = await session("naming");
    const social = await session("social_situations");
    const fluency = await session("verbal_fluency");
    const refusals: Array<[number, unknown, string]> = [
      [parrot.attemptIds[0] ?? 0, { score: 0.5 }, "score"],
      [parrot.attemptIds[0] ?? 0, { score_details: { is_correct: true, transcription: "good morning" } }, "score_details.transcription"],
      [chitchat.attemptIds[0] ?? 0, { score: 0.5, score_details: { is_correct: true } }, "score"],
      [naming.attemptIds[0] ?? 0, { score_details: { transcription: "apple" } }, "score_details.transcription"],
      [naming.attemptIds[0] ?? 0, { attempt_data: { spoken_words: { correct_words: ["apple"] } } }, "attempt_data.spoken_words.correct_words"],
      [social.attemptIds[0] ?? 0, { attempt_data: { spoken_words: { wrong_words: ["x"] } } }, "attempt_data.spoken_words.wrong_words"],
      [parrot.attemptIds[0] ?? 0, { score: 1, score_details: { is_correct: true } }, "score"],
    ];
    for (const [attemptId, body, field] of refusals) {
      const failure = expectFailure(await patch("slp", attemptId, body), 400, "ERROR_051", field);
      expect(failure.message).toMatch(/^The .+ is not required$/);
      expect((await storedAttempt(attemptId))?.correctedAt).toBeNull();
    }
    // What each allows.
    expect(corrected(await patch("slp", parrot.attemptIds[1] ?? 0, { score_details: { is_correct: true } })).score_details.is_correct).toBe(true);
    const chat = corrected(await patch("slp", chitchat.attemptIds[0] ?? 0, { score_details: { is_correct: false } }));
    expect(chat).toMatchObject({ score: 0.7, score_details: { is_correct: false } });
    expect(chat.correction?.original).toMatchObject({ score: 0.7, is_correct: true });
    const spoken = corrected(await patch("slp", social.attemptIds[0] ?? 0, { score: 1, score_details: { transcription: "  Hi! How are you doing?  " } }));
    // score_details merges key by key: the AI feedback survives, the transcription is trimmed.
    expect(spoken.score_details).toEqual({ is_correct: true, transcription: "Hi! How are you doing?", ai_feedback: "Friendly greeting with a follow-up question; well suited." });
    expect(spoken.correction?.original.transcription).toBe("Hi! How are you today?");
    // A correction that moves no total still answers the session's figures, as they stand.
    expect(spoken.figures).toEqual(figuresOf(await detailOf(social.sessionId)));
    const words = corrected(await patch("slp", fluency.attemptIds[0] ?? 0, { attempt_data: { spoken_words: { correct_words: [" cat", "dog ", "", "  ", "horse"] } } }));
    expect(words.attempt_data).toEqual({ spoken_words: { correct_words: ["cat", "dog", "horse"], wrong_words: ["table"] } });
  });

  it("recomputes verbal fluency's word count and memory grid's success rate", async () => {
    const fluency = await session("verbal_fluency");
    // Example: 4 + 3 correct words, 60 s session in the world.
    expect((await detailOf(fluency.sessionId)).game_metrics).toEqual({ words_count: 7 });
    const fixed = corrected(await patch("slp", fluency.attemptIds[1] ?? 0, { attempt_data: { spoken_words: { correct_words: [], wrong_words: ["pen", "paper", "pear"] } } }));
    const after = await detailOf(fluency.sessionId);
    // The answer carries what the detail then shows: the word count and the time per word move with the list.
    expect(fixed.figures).toEqual(figuresOf(after));
    expect(after.game_metrics).toEqual({ words_count: 4 });
    expect(after.avg_duration_per_content).toBe(15);
    const grid = await session("memory_grid", { challenges: [[{ score: 0, isCorrect: false }], [{ score: 1, isCorrect: true }]] });
    expect((await detailOf(grid.sessionId)).game_metrics).toEqual({ success_rate: 50 });
    const gridFixed = corrected(await patch("slp", grid.attemptIds[0] ?? 0, { score: 1, score_details: { is_correct: true } }));
    const solved = await detailOf(grid.sessionId);
    expect(gridFixed.figures).toEqual(figuresOf(solved));
    expect(solved.game_metrics).toEqual({ success_rate: 100 });
    expect(solved.total_score).toBe(2);
    const [stored] = await world.db.select({ totalScore: gameSessions.totalScore, accuracy: gameSessions.accuracyPercentage }).from(gameSessions).where(eq(gameSessions.id, grid.sessionId));
    expect(stored).toEqual({ totalScore: 2, accuracy: 100 });
  });

  it("takes scores 0 to 1 in tenths only, text up to 1000 characters, and never an empty correction", async () => {
    const s = await session("social_situations");
    const attemptId = s.attemptIds[0] ?? 0;
    for (const score of [0.75, 1.1, -0.1, 0.05, 2, 1e-12 + 0.33]) expectFailure(await patch("slp", attemptId, { score }), 400, "ERROR_056", "score");
    expect(corrected(await patch("slp", attemptId, { score: 0.1 + 0.2 })).score).toBe(0.3);
    expect(corrected(await patch("slp", attemptId, { score: 0 })).score).toBe(0);
    expect(corrected(await patch("slp", attemptId, { score: 1 })).score).toBe(1);
    expect(corrected(await patch("slp", attemptId, { score_details: { transcription: "é".repeat(1000) } })).score_details.transcription).toBe("é".repeat(1000));
    expectFailure(await patch("slp", attemptId, { score_details: { transcription: "x".repeat(1001) } }), 400, "ERROR_056", "score_details.transcription");
    // A blank transcription clears it.
    expect(corrected(await patch("slp", attemptId, { score_details: { transcription: "   " } })).score_details.transcription).toBeNull();
    const fluency = await session("verbal_fluency");
    const long = Array.from({ length: 200 }, (_, index) => `word${index}`);
    expectFailure(await patch("slp", fluency.attemptIds[0] ?? 0, { attempt_data: { spoken_words: { wrong_words: long } } }), 400, "ERROR_056", "attempt_data.spoken_words.wrong_words");
    for (const body of [{}, { score_details: {} }, { attempt_data: { spoken_words: {} } }]) expectFailure(await patch("slp", attemptId, body), 400, "ERROR_003");
    for (const body of [null, [], "score", { score: "0.5" }, { score: null }, { is_correct: true }, { score_details: { is_correct: "yes" } }, { score_details: { ai_feedback: "x" } }, { attempt_data: { answer: "2" } }, { attempt_data: { spoken_words: { correct_words: "cat, dog" } } }]) {
      const response = await patch("slp", attemptId, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
    }
  });

  it("reaches attempts of the caller's patients only: another SLP's and unknown ids read the same 404; administrators may not correct", async () => {
    const own = await session("naming");
    const others = await world.addSession({ patientId: world.otherSlpPatientId, type: "naming", start: new Date("2026-02-01T10:00:00Z") });
    const foreign = await world.addSession({ patientId: world.foreignPatientId, type: "naming", start: new Date("2026-02-01T10:00:00Z") });
    const bodies = new Set<string>();
    for (const [who, id] of [["slp", others.attemptIds[0]], ["slp", foreign.attemptIds[0]], ["otherSlp", own.attemptIds[0]], ["staffAdmin", foreign.attemptIds[0]], ["slp", 2_000_000_000]] as const) {
      const failure = expectFailure(await patch(who, id ?? 0, { score: 0.5 }), 404, "ERROR_030");
      bodies.add(`${failure.message}|${JSON.stringify(failure.detail)}`);
    }
    expect([...bodies]).toEqual(["The requested attempt was not found|null"]);
    // Institution administrators read sessions but do not correct them; the super administrator holds no patient data.
    expectFailure(await patch("admin", own.attemptIds[0] ?? 0, { score: 0.5 }), 403, "ERROR_001");
    expectFailure(await patch("superAdmin", own.attemptIds[0] ?? 0, { score: 0.5 }), 403, "ERROR_001");
    expect((await storedAttempt(own.attemptIds[0] ?? 0))?.correctedAt).toBeNull();
    expectFailure(await patch("slp", 0, { score: 0.5 }), 400, "ERROR_056");
  });

  it("audits each correction with its outcome, in the correction's transaction", async () => {
    const s = await session("naming");
    const locked = await session("naming", { locked: true });
    const attemptId = s.attemptIds[0] ?? 0;
    const startId = (await world.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;
    await patch("slp", attemptId, { score: 0.5 });
    await patch("slp", attemptId, { score: 0.55 });
    await patch("slp", locked.attemptIds[0] ?? 0, { score: 0.5 });
    await patch("otherSlp", attemptId, { score: 0.5 });
    const rows = (await world.db.select().from(auditEvents).orderBy(asc(auditEvents.id))).filter((row) => row.id > startId);
    expect(rows.map((row) => [row.action, row.resource, row.resourceId, row.outcome, row.reason])).toEqual([
      ["update", "game_attempt", String(attemptId), "success", null],
      // The body is decoded before the attempt is looked up, so its refusal names no record.
      ["update", "game_attempt", null, "failure", "invalid_body"],
      ["update", "game_attempt", String(locked.attemptIds[0]), "failure", "not_editable"],
      ["update", "game_attempt", String(attemptId), "denied", "outside_scope"],
    ]);
  });
});
