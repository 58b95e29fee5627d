import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_SESSION_LIMITS } from "../../../domain/mobile/mobile-session-limits.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { mobileSessionReceipts, patientDevices } from "../../db/schema/devices.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientActivity } from "../../db/schema/patient-activity.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";
import { MOBILE_UPLOAD_URL, type MobileWorld, mobileWorld, sessionBody, withDevice } from "./mobile-world.test-helper.ts";

// POST mobile/game-sessions/ (docs/mobile-api.md): each game's session stored as the SLP then
// reads it, its totals computed by the server, one session per client id however often and
// however concurrently it is sent, and nothing reached outside the device's own patient.
const SETUP_TIMEOUT = 180_000;

type Receipt = {
  id: number;
  client_session_id: string;
  patient_id: number;
  patient_game_level_id: number;
  total_score: number | null;
  accuracy_percentage: number | null;
  total_session_duration: number;
  game_metrics: Record<string, unknown>;
  challenges_count: number;
  attempts_count: number;
};
type Detail = {
  id: number;
  patient_id: number;
  patient_game_level_id: number;
  game_info: { type: string };
  total_score: number | null;
  accuracy_percentage: number | null;
  total_session_duration: number | null;
  game_metrics: Record<string, unknown>;
  challenges_in_session: Array<{ order: number; content: unknown; attempts: Array<Record<string, unknown>> }>;
};

describe.each(TEST_DRIVERS)("session uploads on %s", (driver) => {
  let world: MobileWorld;
  let token = "";
  let deviceId = 0;
  beforeAll(async () => {
    world = await mobileWorld(driver, "upload");
    ({ token, id: deviceId } = await world.pair(world.patientId));
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const sessionsOf = async (patientId: number): Promise<number> =>
    (await world.db.select({ n: count() }).from(gameSessions).where(eq(gameSessions.patientId, patientId)))[0]?.n ?? 0;
  const detail = async (sessionId: number): Promise<Detail> => {
    const response = await world.t.app.inject({ url: `/api/game-session/${sessionId}/detailed/`, headers: world.headers.slp });
    expect(response.statusCode).toBe(200);
    return response.json() as Detail;
  };

  it.each<GameType>([...GAME_TYPES])("stores a %s session as the SLP's session detail then shows it", async (type) => {
    const levelId = await world.levelOf(world.patientId, type);
    const body = sessionBody(type, levelId, { seconds: 754 });
    const response = await world.upload(token, body);
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json() as Receipt;
    expect(receipt).toMatchObject({ client_session_id: body.client_session_id, patient_id: world.patientId, patient_game_level_id: levelId, total_session_duration: 754 });

    const shown = await detail(receipt.id);
    expect(shown).toMatchObject({ patient_id: world.patientId, patient_game_level_id: levelId, game_info: { type }, total_session_duration: 754 });
    expect(shown.total_score).toBe(receipt.total_score);
    expect(shown.accuracy_percentage).toBe(receipt.accuracy_percentage);
    expect(shown.game_metrics).toEqual(receipt.game_metrics);
    expect(shown.challenges_in_session).toHaveLength(body.challenges_in_session.length);
    expect(receipt.challenges_count).toBe(body.challenges_in_session.length);
    for (const [index, sent] of body.challenges_in_session.entries()) {
      const stored = shown.challenges_in_session[index];
      expect(stored?.order).toBe(sent.order);
      expect(stored?.content).toEqual(sent.content);
      expect(stored?.attempts).toHaveLength(sent.attempts.length);
      for (const [position, attempt] of sent.attempts.entries()) {
        const read = stored?.attempts[position] ?? {};
        expect(read).toMatchObject({
          attempt_number: attempt.attempt_number,
          is_editable: attempt.is_editable ?? true,
          score: attempt.score,
          score_details: attempt.score_details,
          hints_used: attempt.hints_used,
          time_seconds: attempt.time_seconds,
          response_audio_url: attempt.response_audio_url,
          attempt_data: attempt.attempt_data,
          notes: [],
          correction: null,
          version: 1,
        });
        expect(new Date(String(read["created_at"])).getTime()).toBe(new Date(attempt.created_at).getTime());
      }
    }
    // Written in one statement (session-upload-write.ts): the rows' ids still follow the body's order.
    const challengeRows = await world.db.select({ id: gameChallenges.id, position: gameChallenges.position }).from(gameChallenges).where(eq(gameChallenges.sessionId, receipt.id)).orderBy(asc(gameChallenges.id));
    expect(challengeRows.map((row) => row.position)).toEqual(body.challenges_in_session.map((challenge) => challenge.order));
    const attemptRows = await world.db
      .select({ challengeId: gameAttempts.challengeId, attemptNumber: gameAttempts.attemptNumber })
      .from(gameAttempts)
      .where(eq(gameAttempts.sessionId, receipt.id))
      .orderBy(asc(gameAttempts.id));
    const challengeIdAt = new Map(challengeRows.map((row) => [row.position, row.id]));
    expect(attemptRows).toEqual(
      body.challenges_in_session.flatMap((challenge) => challenge.attempts.map((attempt) => ({ challengeId: challengeIdAt.get(challenge.order), attemptNumber: attempt.attempt_number }))),
    );
  });

  it("answers a repeat with the first answer (200, same body), however the session changed since, and stores one session", async () => {
    const levelId = await world.levelOf(world.patientId, "verbal_fluency");
    const body = sessionBody("verbal_fluency", levelId);
    const before = await sessionsOf(world.patientId);
    const first = await world.upload(token, body);
    expect(first.statusCode).toBe(201);
    // A reviewer's correction moves the stored totals; the app's retry still gets what it got first.
    const { id } = first.json() as Receipt;
    const [attempt] = await world.db.select({ id: gameAttempts.id }).from(gameAttempts).where(eq(gameAttempts.sessionId, id)).limit(1);
    const corrected = await world.t.app.inject({ method: "PATCH", url: `/api/attempt/${attempt?.id}/`, headers: world.headers.slp, payload: { score: 0, score_details: { is_correct: false } } });
    expect(corrected.statusCode).toBe(200);
    for (const again of [body, { ...body, client_session_id: body.client_session_id.toUpperCase() }, { ...body, challenges_in_session: body.challenges_in_session.slice(0, 1) }]) {
      const repeat = await world.upload(token, again);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.body).toBe(first.body);
    }
    expect(await sessionsOf(world.patientId)).toBe(before + 1);
    const audits = await world.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "game_session"), eq(auditEvents.action, "create"), eq(auditEvents.resourceId, String(id))));
    expect(audits.map((row) => `${row.outcome}/${row.reason ?? ""}`)).toEqual(["success/", "success/repeat", "success/repeat", "success/repeat"]);
    expect(audits.every((row) => row.userId === null)).toBe(true);
  });

  it("makes one session of ten concurrent identical uploads, and counts it once", async () => {
    const levelId = await world.levelOf(world.patientId, "memory_grid");
    const body = sessionBody("memory_grid", levelId);
    const before = await sessionsOf(world.patientId);
    const [pendingBefore] = await world.db.select({ pending: patientActivity.pendingSessions }).from(patientActivity).where(eq(patientActivity.patientId, world.patientId));
    const answers = await Promise.all(Array.from({ length: 10 }, () => world.upload(token, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await sessionsOf(world.patientId)).toBe(before + 1);
    const [pendingAfter] = await world.db.select({ pending: patientActivity.pendingSessions }).from(patientActivity).where(eq(patientActivity.patientId, world.patientId));
    expect(pendingAfter?.pending).toBe((pendingBefore?.pending ?? 0) + 1);
    const receipts = await world.db.select().from(mobileSessionReceipts).where(eq(mobileSessionReceipts.clientSessionId, body.client_session_id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.deviceId).toBe(deviceId);
  });

  it("keeps client ids per patient: another patient's device may use the same id", async () => {
    const sibling = await world.pair(world.siblingPatientId);
    const clientSessionId = randomUUID();
    const mine = await world.upload(token, sessionBody("naming", await world.levelOf(world.patientId, "naming"), { clientSessionId }));
    const theirs = await world.upload(sibling.token, sessionBody("naming", await world.levelOf(world.siblingPatientId, "naming"), { clientSessionId }));
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect((mine.json() as Receipt).id).not.toBe((theirs.json() as Receipt).id);
  });

  it("refuses another patient's assignment (404 ERROR_030) and writes nothing", async () => {
    const siblingLevel = await world.levelOf(world.siblingPatientId, "parrot");
    const foreignLevel = await world.levelOf(world.foreignPatientId, "parrot");
    const before = await sessionsOf(world.siblingPatientId);
    for (const levelId of [siblingLevel, foreignLevel, 2_147_483_647]) {
      const response = await world.upload(token, sessionBody("parrot", levelId));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "ERROR_030", message: "The requested exercise level was not found", detail: { field: "patient_game_level_id" } });
    }
    // By game and level: the device's patient has no live parrot assignment.
    const { patient_game_level_id: _level, ...byGame } = sessionBody("parrot", siblingLevel);
    const response = await world.upload(token, { ...byGame, game_id: world.gameIdOf("parrot"), difficulty: "hard" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: { field: "game_id" } });
    expect(await sessionsOf(world.siblingPatientId)).toBe(before);
    expect(await sessionsOf(world.foreignPatientId)).toBe(0);
  });

  it("finds the assignment by game and level, and refuses one that is no longer live", async () => {
    const levelId = await world.levelOf(world.patientId, "pill_sorting");
    const { patient_game_level_id: _level, ...byGame } = sessionBody("pill_sorting", levelId);
    const response = await world.upload(token, { ...byGame, game_id: world.gameIdOf("pill_sorting"), difficulty: "easy" });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).patient_game_level_id).toBe(levelId);
    await world.db.update(patientGameLevels).set({ isActive: false }).where(eq(patientGameLevels.id, levelId));
    expect((await world.upload(token, sessionBody("pill_sorting", levelId))).statusCode).toBe(404);
    // A retry of what was stored still answers, whatever happened to the assignment.
    expect((await world.upload(token, { ...byGame, game_id: world.gameIdOf("pill_sorting"), difficulty: "easy" })).statusCode).toBe(200);
    await world.db.update(patientGameLevels).set({ isActive: true }).where(eq(patientGameLevels.id, levelId));
  });

  it("answers 401 ERROR_001 without a working device token, and writes no audit row for it", async () => {
    const body = sessionBody("naming", await world.levelOf(world.patientId, "naming"));
    const cases: Array<Record<string, string>> = [
      { ...API_KEY_HEADER },
      withDevice("A".repeat(43)),
      withDevice("short"),
      { ...API_KEY_HEADER, authorization: `Bearer ${token}` },
      { ...API_KEY_HEADER, authorization: `Device ${token} extra` },
      world.headers.slp,
    ];
    for (const headers of cases) {
      const response = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(body) });
      expect(response.statusCode).toBe(401);
      const failure = response.json() as { code: string; id: string };
      expect(failure.code).toBe("ERROR_001");
      expect(await world.db.select().from(auditEvents).where(eq(auditEvents.requestId, failure.id))).toEqual([]);
    }
    // The API key is checked too, before the device.
    const noKey = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, headers: { authorization: `Device ${token}`, "content-type": "application/json" }, payload: JSON.stringify(body) });
    expect(noKey.statusCode).toBe(401);
    // The scheme is read in any letter case.
    const lower = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, headers: { ...API_KEY_HEADER, authorization: `device ${token}`, "content-type": "application/json" }, payload: JSON.stringify(body) });
    expect(lower.statusCode).toBe(201);
  });

  it("holds an inactive patient's sessions back (409 ERROR_050) until they are active again", async () => {
    const body = sessionBody("social_situations", await world.levelOf(world.patientId, "social_situations"));
    await world.db.update(patients).set({ status: "inactive" }).where(eq(patients.id, world.patientId));
    const held = await world.upload(token, body);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: "ERROR_050", message: "The action is not allowed for the current status: inactive" });
    await world.db.update(patients).set({ status: "active" }).where(eq(patients.id, world.patientId));
    expect((await world.upload(token, body)).statusCode).toBe(201);
  });

  it("stamps the device's last use", async () => {
    const [row] = await world.db.select({ lastUsedAt: patientDevices.lastUsedAt }).from(patientDevices).where(eq(patientDevices.id, deviceId));
    expect(row?.lastUsedAt?.toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });

  /**
   * The statements `during` sent that updated a device, a session or a patient's activity
   * (`current_query()` from a statement trigger on each): what an arrival commits, and in which statement.
   */
  const updatesDuring = async (during: () => Promise<void>): Promise<Array<{ table: string; query: string }>> => {
    const database = world.t.database;
    await database.exec(`
      create table arrival_updates (tbl text not null, query text not null);
      create function note_arrival_update() returns trigger language plpgsql as $$ begin insert into arrival_updates values (TG_TABLE_NAME, current_query()); return null; end; $$;
      create trigger note_device after update on patient_devices for each statement execute function note_arrival_update();
      create trigger note_session after update on game_sessions for each statement execute function note_arrival_update();
      create trigger note_activity after update on patient_activity for each statement execute function note_arrival_update();`);
    try {
      await during();
      return rowsOf(await world.db.execute(sql`select tbl, query from arrival_updates`)).map((row) => ({ table: String(row.tbl), query: String(row.query) }));
    } finally {
      await database.exec(`drop trigger note_device on patient_devices; drop trigger note_session on game_sessions; drop trigger note_activity on patient_activity;
        drop function note_arrival_update(); drop table arrival_updates;`);
    }
  };
  const lastUsedOf = async (id: number) =>
    (await world.db.select({ lastUsedAt: patientDevices.lastUsedAt }).from(patientDevices).where(eq(patientDevices.id, id)))[0]?.lastUsedAt?.toISOString();

  it("commits an arrival once: the device's use stamped by the write itself, the new session never updated after its insert", async () => {
    await world.db.update(patientDevices).set({ lastUsedAt: new Date("2026-03-01T10:00:00Z") }).where(eq(patientDevices.id, deviceId));
    const updates = await updatesDuring(async () => {
      expect((await world.upload(token, sessionBody("naming", await world.levelOf(world.patientId, "naming")))).statusCode).toBe(201);
    });
    expect(await lastUsedOf(deviceId)).toBe("2026-03-01T12:00:00.000Z");
    // One statement stamped the device, the patient's activity and nothing else: the upload's write.
    expect(updates.map((update) => update.table).sort()).toEqual(["patient_activity", "patient_devices"]);
    for (const update of updates) expect(update.query).toContain("mobile_session_receipts");
    // Within the minute, nothing to stamp: the write's stamp matches no row.
    const again = await updatesDuring(async () => {
      expect((await world.upload(token, sessionBody("naming", await world.levelOf(world.patientId, "naming")))).statusCode).toBe(201);
    });
    expect(again.filter((update) => update.table !== "patient_activity").map((update) => update.table)).toEqual(["patient_devices"]);
  });

  it("stamps the device's use on a refused upload and a repeat too, apart from any write", async () => {
    const body = sessionBody("parrot", await world.levelOf(world.siblingPatientId, "parrot"));
    await world.db.update(patientDevices).set({ lastUsedAt: new Date("2026-03-01T10:00:00Z") }).where(eq(patientDevices.id, deviceId));
    const refused = await updatesDuring(async () => {
      expect((await world.upload(token, body)).statusCode).toBe(404);
    });
    expect(await lastUsedOf(deviceId)).toBe("2026-03-01T12:00:00.000Z");
    expect(refused.map((update) => update.table)).toEqual(["patient_devices"]);
    expect(refused[0]?.query).not.toContain("mobile_session_receipts");

    const stored = sessionBody("naming", await world.levelOf(world.patientId, "naming"));
    expect((await world.upload(token, stored)).statusCode).toBe(201);
    await world.db.update(patientDevices).set({ lastUsedAt: new Date("2026-03-01T10:00:00Z") }).where(eq(patientDevices.id, deviceId));
    expect((await world.upload(token, stored)).statusCode).toBe(200);
    expect(await lastUsedOf(deviceId)).toBe("2026-03-01T12:00:00.000Z");
  });

  it("refuses a session beyond the limits: 501 attempts (400), a body over 1 MiB (413)", async () => {
    const levelId = await world.levelOf(world.patientId, "naming");
    const body = sessionBody("naming", levelId);
    const [first] = body.challenges_in_session;
    if (first === undefined) throw new Error("no challenge");
    const attempts = Array.from({ length: 20 }, (_, index) => ({ ...first.attempts[0], attempt_number: index + 1 }));
    const crowded = { ...body, challenges_in_session: Array.from({ length: 26 }, (_, index) => ({ order: index + 1, content: first.content, attempts: index === 25 ? attempts.slice(0, 1) : attempts })) };
    const tooMany = await world.upload(token, crowded);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "ERROR_056", detail: { field: "challenges_in_session" } });
    const huge = await world.upload(token, { ...body, challenges_in_session: [{ ...first, content: { ...first.content, padding: "x".repeat(1_100_000) } }] });
    expect(huge.statusCode).toBe(413);
    const fits = await world.upload(token, { ...crowded, challenges_in_session: crowded.challenges_in_session.slice(0, 25) });
    expect(fits.statusCode).toBe(201);
    expect((fits.json() as Receipt).attempts_count).toBe(500);
  });

  // Issue 31, item 9: what an upload may hold (docs/mobile-api.md, "Attempt times", "Texts",
  // "Content", "Limits"). Each refusal names the field and leaves every table as it was.
  const tableCounts = async () => ({
    sessions: (await world.db.select({ n: count() }).from(gameSessions))[0]?.n ?? 0,
    attempts: (await world.db.select({ n: count() }).from(gameAttempts))[0]?.n ?? 0,
    receipts: (await world.db.select({ n: count() }).from(mobileSessionReceipts))[0]?.n ?? 0,
  });
  /** The body with its first attempt changed. */
  const withFirstAttempt = (body: ReturnType<typeof sessionBody>, change: (attempt: Record<string, unknown>) => Record<string, unknown>) => {
    const [first, ...rest] = body.challenges_in_session;
    if (first === undefined) throw new Error("no challenge");
    const [attempt, ...others] = first.attempts;
    if (attempt === undefined) throw new Error("no attempt");
    return { ...body, challenges_in_session: [{ ...first, attempts: [change(attempt), ...others] }, ...rest] };
  };

  it("refuses an attempt made outside its session (in 2001, a year ahead), naming it, and stores nothing", async () => {
    const levelId = await world.levelOf(world.patientId, "naming");
    const before = await tableCounts();
    for (const createdAt of ["2001-03-01T10:02:00Z", "2027-03-01T10:02:00Z", "2026-03-01T09:50:00Z", "2026-03-01T10:20:00Z"]) {
      const body = withFirstAttempt(sessionBody("naming", levelId), (attempt) => ({ ...attempt, created_at: createdAt }));
      const response = await world.upload(token, body);
      expect(response.statusCode, `${createdAt}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: "ERROR_056", message: "The field is not valid", detail: { field: "challenges_in_session.0.attempts.0.created_at" } });
      const [audit] = await world.db.select().from(auditEvents).where(eq(auditEvents.requestId, (response.json() as { id: string }).id));
      expect(audit).toMatchObject({ outcome: "failure", reason: "upload_rules" });
    }
    expect(await tableCounts()).toEqual(before);
    // A phone stamping an attempt a few seconds past the end is within the tolerance.
    const late = withFirstAttempt(sessionBody("naming", levelId), (attempt) => ({ ...attempt, created_at: "2026-03-01T10:06:30Z" }));
    expect((await world.upload(token, late)).statusCode).toBe(201);
  });

  it("stores transcriptions, feedback and spoken words without their invisible characters", async () => {
    const levelId = await world.levelOf(world.patientId, "verbal_fluency");
    const body = withFirstAttempt(sessionBody("verbal_fluency", levelId), (attempt) => ({
      ...attempt,
      score_details: { is_correct: true, transcription: "ca\u200bt, d\u202eog", ai_feedback: "\u2066Good\u2069 start" },
      attempt_data: { spoken_words: { correct_words: ["ca\u200bt", "\ufeffdog"], wrong_words: ["ta\u2060ble"] } },
    }));
    const response = await world.upload(token, body);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as Receipt;
    const [stored] = await world.db
      .select({ transcription: gameAttempts.transcription, aiFeedback: gameAttempts.aiFeedback, attemptData: gameAttempts.attemptData })
      .from(gameAttempts)
      .where(and(eq(gameAttempts.sessionId, id), eq(gameAttempts.attemptNumber, 1)))
      .orderBy(gameAttempts.id)
      .limit(1);
    expect(stored).toEqual({ transcription: "cat, dog", aiFeedback: "Good start", attemptData: { spoken_words: { correct_words: ["cat", "dog"], wrong_words: ["table"] } } });
  });

  it("stores a challenge's content as its game reads it: a key the game does not have is not stored", async () => {
    const levelId = await world.levelOf(world.patientId, "naming");
    const body = sessionBody("naming", levelId);
    const [first, ...rest] = body.challenges_in_session;
    if (first === undefined) throw new Error("no challenge");
    const response = await world.upload(token, { ...body, challenges_in_session: [{ ...first, content: { ...first.content, tracking: { device: "x".repeat(2000) } } }, ...rest] });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as Receipt;
    const [stored] = await world.db.select({ content: gameChallenges.content }).from(gameChallenges).where(and(eq(gameChallenges.sessionId, id), eq(gameChallenges.position, 1)));
    expect(stored?.content).toEqual(first.content);
    expect(stored?.content).not.toHaveProperty("tracking");
  });

  it("refuses a session body over 256 KiB (413 ERROR_045) and stores nothing", async () => {
    const levelId = await world.levelOf(world.patientId, "naming");
    const body = sessionBody("naming", levelId);
    const [first, ...rest] = body.challenges_in_session;
    if (first === undefined) throw new Error("no challenge");
    const before = await tableCounts();
    const huge = await world.upload(token, { ...body, challenges_in_session: [{ ...first, content: { ...first.content, padding: "x".repeat(900 * 1024) } }, ...rest] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: "ERROR_045", message: "The file size is too large" });
    expect(await tableCounts()).toEqual(before);
    const overCap = await world.upload(token, { ...body, challenges_in_session: [{ ...first, content: { ...first.content, padding: "x".repeat(MOBILE_SESSION_LIMITS.bodyBytes) } }, ...rest] });
    expect(overCap.statusCode).toBe(413);
    expect(await tableCounts()).toEqual(before);
  });

  it("still answers a repeat of a stored session with its first answer, whatever the repeat's attempt times or texts", async () => {
    const levelId = await world.levelOf(world.patientId, "parrot");
    const body = sessionBody("parrot", levelId);
    const first = await world.upload(token, body);
    expect(first.statusCode).toBe(201);
    const before = await tableCounts();
    const outOfWindow = withFirstAttempt(body, (attempt) => ({ ...attempt, created_at: "2001-01-01T00:00:00Z", score_details: { is_correct: true, transcription: "go\u200bod", ai_feedback: null } }));
    for (const again of [body, outOfWindow]) {
      const repeat = await world.upload(token, again);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.body).toBe(first.body);
    }
    expect(await tableCounts()).toEqual(before);
  });
});
