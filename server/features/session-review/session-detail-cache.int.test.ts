import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditStatementsDuring, whileAuditRefuses } from "../../audit/audit-statement.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { sessionDetailCache } from "../../db/schema/session-detail-cache.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { CACHED_CHALLENGES_MIN_LENGTH, forgetInProcess } from "./session-detail-cache.ts";
import { type InsertedSession, type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// The session detail's kept challenges (issue 22): a long session's text is kept after its first
// read and served from there, and every write the detail shows voids it in its own transaction.
// To tell a served text from a rebuilt one, the tests overwrite the kept text with a marker at
// the current version: a read that still shows the marker was served from the cache.
const SETUP_TIMEOUT = 180_000;
const MARKER = '[{"id":0,"order":0,"content":{"kept":"marker"},"attempts":[]}]';

type Detail = { challenges_in_session: Array<{ content: Record<string, unknown>; attempts: Array<{ id: number; score: number | null; notes: Array<{ note: string; created_by: { first_name: string } }> }> }>; review: unknown };

describe.each(TEST_DRIVERS)("the session detail's kept challenges on %s", (driver) => {
  let world: SessionWorld;
  let day = 0;

  beforeAll(async () => {
    world = await sessionWorld(driver, "kept");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  /** A session of 60 naming challenges of two attempts: its challenges are well over the length worth keeping. */
  const longSession = (): Promise<InsertedSession> => {
    day += 1;
    return world.addSession({ patientId: world.patientId, type: "naming", start: new Date(Date.UTC(2026, 0, day, 9)), challenges: Array.from({ length: 60 }, () => [{}, {}]) });
  };
  const call = (method: "GET" | "PATCH" | "POST" | "PUT", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method, url, headers: { ...world.headers.slp, ...(body === undefined ? {} : { "content-type": "application/json" }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  const detailOf = async (sessionId: number): Promise<Detail> => {
    const response = await call("GET", `/api/game-session/${sessionId}/detailed/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Detail>();
  };
  const keptRow = async (sessionId: number) => (await world.db.select().from(sessionDetailCache).where(eq(sessionDetailCache.sessionId, sessionId)))[0];
  /**
   * Replaces the kept text by the marker, at the version it holds (so it is still good), and drops
   * this process's copy: the next read serves the marker from the database and keeps it in the
   * process too, so every later read shows it until a write voids both.
   */
  const markKept = async (sessionId: number): Promise<void> => {
    expect(await keptRow(sessionId)).toBeDefined();
    await world.db.update(sessionDetailCache).set({ body: MARKER }).where(eq(sessionDetailCache.sessionId, sessionId));
    forgetInProcess(world.db, sessionId);
    expect((await detailOf(sessionId)).challenges_in_session[0]?.content).toEqual({ kept: "marker" });
    expect((await detailOf(sessionId)).challenges_in_session[0]?.content).toEqual({ kept: "marker" });
  };
  const servedRebuilt = async (sessionId: number): Promise<Detail> => {
    const detail = await detailOf(sessionId);
    expect(detail.challenges_in_session).toHaveLength(60);
    expect(detail.challenges_in_session[0]?.content).not.toEqual({ kept: "marker" });
    return detail;
  };

  it("keeps a long session's challenges at the session's version after the first read, and serves the next reads from there", async () => {
    const s = await longSession();
    const first = await detailOf(s.sessionId);
    const kept = await keptRow(s.sessionId);
    const [session] = await world.db.select({ version: gameSessions.detailVersion }).from(gameSessions).where(eq(gameSessions.id, s.sessionId));
    expect(kept?.version).toBe(session?.version);
    expect(kept?.body.length).toBeGreaterThanOrEqual(CACHED_CHALLENGES_MIN_LENGTH);
    expect(JSON.parse(kept?.body ?? "null")).toEqual(first.challenges_in_session);
    expect(await detailOf(s.sessionId)).toEqual(first);
    await markKept(s.sessionId);
  });

  it("keeps nothing of a short session", async () => {
    day += 1;
    const s = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date(Date.UTC(2026, 0, day, 9)) });
    expect((await detailOf(s.sessionId)).challenges_in_session.length).toBeGreaterThan(0);
    expect(await keptRow(s.sessionId)).toBeUndefined();
  });

  it("shows a correction at once: the correction voids the kept text", async () => {
    const s = await longSession();
    await detailOf(s.sessionId);
    await markKept(s.sessionId);
    const attemptId = s.attemptIds[0] ?? 0;
    const response = await call("PATCH", `/api/attempt/${attemptId}/`, { score: 0.3 });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await servedRebuilt(s.sessionId);
    expect(detail.challenges_in_session[0]?.attempts[0]).toMatchObject({ id: attemptId, score: 0.3 });
    // Kept again at the new version, and served from there.
    await markKept(s.sessionId);
  });

  it("shows a new note and an edited one at once", async () => {
    const s = await longSession();
    const attemptId = s.attemptIds[1] ?? 0;
    const [noteType] = world.noteTypeIds;
    await detailOf(s.sessionId);
    await markKept(s.sessionId);
    const created = await call("POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: noteType, content: "Named it after a cue." });
    expect(created.statusCode, created.body).toBe(201);
    expect((await servedRebuilt(s.sessionId)).challenges_in_session[0]?.attempts[1]?.notes.map((note) => note.note)).toEqual(["Named it after a cue."]);
    await markKept(s.sessionId);
    const edited = await call("PATCH", `/api/attempt-notes/${created.json<{ id: number }>().id}/`, { game_attempt: attemptId, note_type: noteType, content: "Named it unaided." });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await servedRebuilt(s.sessionId)).challenges_in_session[0]?.attempts[1]?.notes.map((note) => note.note)).toEqual(["Named it unaided."]);
  });

  it("shows a review at once, and a renamed note author everywhere (the epoch)", async () => {
    const s = await longSession();
    const attemptId = s.attemptIds[0] ?? 0;
    const created = await call("POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: world.noteTypeIds[0], content: "Observed." });
    expect(created.statusCode, created.body).toBe(201);
    await detailOf(s.sessionId);
    await markKept(s.sessionId);
    const reviewed = await call("PUT", `/api/game-session/${s.sessionId}/review/`, { reviewed: true });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await servedRebuilt(s.sessionId)).review).not.toBeNull();
    await markKept(s.sessionId);
    await world.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, world.accounts.slp.id));
    const detail = await servedRebuilt(s.sessionId);
    expect(detail.challenges_in_session[0]?.attempts[0]?.notes[0]?.created_by.first_name).toBe("Renamed");
    // A write that changes no name leaves the kept texts alone.
    await markKept(s.sessionId);
    await world.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, world.accounts.slp.id));
    expect((await detailOf(s.sessionId)).challenges_in_session[0]?.content).toEqual({ kept: "marker" });
  });

  it("writes one audit row per read, served or built, and answers no 200 when the row cannot be written", async () => {
    const s = await longSession();
    const url = `/api/game-session/${s.sessionId}/detailed/`;
    const lastId = async () => (await world.db.select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)`.mapWith(Number) }).from(auditEvents))[0]?.id ?? 0;
    /** The audit rows one read leaves. */
    const readRows = async () => {
      const since = await lastId();
      const response = await call("GET", url);
      const rows = await world.db.select().from(auditEvents).where(sql`${auditEvents.id} > ${since}`);
      return { status: response.statusCode, rows };
    };
    const built = await readRows();
    expect(await keptRow(s.sessionId)).toBeDefined();
    const fromProcess = await readRows();
    forgetInProcess(world.db, s.sessionId);
    const fromDatabase = await readRows();
    for (const read of [built, fromProcess, fromDatabase]) {
      expect(read.status).toBe(200);
      expect(read.rows).toMatchObject([{ action: "read", resource: "game_session", resourceId: String(s.sessionId), outcome: "success", userId: world.accounts.slp.id }]);
    }
    // The audit trail refuses the row: neither a served nor a built answer goes out.
    await world.t.database.exec(`
      create function refuse_session_reads() returns trigger language plpgsql as $$ begin raise exception 'audit trail unavailable'; end; $$;
      create trigger refuse_session_reads before insert on audit_events for each row when (new.resource = 'game_session') execute function refuse_session_reads();`);
    try {
      expect((await call("GET", url)).statusCode).not.toBe(200);
      forgetInProcess(world.db, s.sessionId);
      expect((await call("GET", url)).statusCode).not.toBe(200);
      await world.db.delete(sessionDetailCache).where(eq(sessionDetailCache.sessionId, s.sessionId));
      expect((await call("GET", url)).statusCode).not.toBe(200);
      // Nothing was kept by the refused read either.
      expect(await keptRow(s.sessionId)).toBeUndefined();
    } finally {
      await world.t.database.exec("drop trigger refuse_session_reads on audit_events; drop function refuse_session_reads();");
    }
    expect((await call("GET", url)).statusCode).toBe(200);
  });

  it("writes each read's audit row in the statement that answers its challenges, a short session's too", async () => {
    day += 1;
    const short = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date(Date.UTC(2026, 0, day, 9)), challenges: [[{}], [{}, {}]] });
    const long = await longSession();
    const statements = await auditStatementsDuring(world.t.database, "game_session", async () => {
      for (const id of [short.sessionId, long.sessionId, long.sessionId]) expect((await call("GET", `/api/game-session/${id}/detailed/`)).statusCode).toBe(200);
    });
    // The short session's row comes with its built text, the long one's with its keeping, then with the kept text's read.
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/challenges_text/);
    expect(statements[1]).toMatch(/insert into "session_detail_cache"/);
    expect(statements[2]).toMatch(/from "game_sessions"/);
    await whileAuditRefuses(world.t.database, "game_session", async () => {
      const refused = await call("GET", `/api/game-session/${short.sessionId}/detailed/`);
      expect(refused.statusCode).toBe(500);
      expect(refused.body).not.toMatch(/challenges_in_session/);
    });
  });

  it("moves a session's version once per writing transaction, and not for a session written in it", async () => {
    const s = await longSession();
    const versionOf = async () => (await world.db.select({ version: gameSessions.detailVersion }).from(gameSessions).where(eq(gameSessions.id, s.sessionId)))[0]?.version ?? -1;
    const before = await versionOf();
    await world.db.execute(sql`update game_attempts set hints_used = hints_used where session_id = ${s.sessionId}`);
    expect(await versionOf()).toBe(before + 1);
    await world.db.transaction(async (tx) => {
      await tx.execute(sql`update game_attempts set hints_used = hints_used where session_id = ${s.sessionId}`);
      await tx.execute(sql`update game_challenges set content = content where session_id = ${s.sessionId}`);
    });
    expect(await versionOf()).toBe(before + 2);
  });
});
