import * as Schema from "effect/Schema";
import { asc, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttemptNote, NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { SessionReviewResponse } from "../../../domain/session-review/session-review-calls.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { attemptNotes } from "../../db/schema/notes.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// SLP notes (note types, create, edit with the last editor) and the review call (session stamped,
// the patient's review status following in the same transaction, the SLP dashboard's count
// dropping), with their scope and audit rows.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Who = keyof SessionWorld["headers"];
type Failure = { code: string; message: string; detail: { field?: string } | null };
type DashboardRow = { id: number; games_to_review: number; reviewed_status: string };

describe.each(TEST_DRIVERS)("notes and the review call on %s", (driver) => {
  let world: SessionWorld;

  beforeAll(async () => {
    world = await sessionWorld(driver, "notes");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string, field?: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    if (field !== undefined) expect(body.detail?.field, response.body).toBe(field);
    return body;
  };
  const noteOf = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return decodeStrictly(AttemptNote, response.json());
  };
  const lastAuditId = async (): Promise<number> => (await world.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;
  const auditSince = async (id: number) => (await world.db.select().from(auditEvents).orderBy(asc(auditEvents.id))).filter((row) => row.id > id).map((row) => [row.action, row.resource, row.resourceId, row.outcome]);

  it("lists the note types in sort order to those who write notes", async () => {
    const list = decodeStrictly(NoteTypeList, (await call("slp", "GET", "/api/note-types/")).json());
    expect(list.map((type) => [type.name, type.color])).toEqual([
      ["Observation", "#2563eb"],
      ["Progress", "#16a34a"],
      ["Concern", "#dc2626"],
      ["Plan", "#9333ea"],
    ]);
    expect(list.map((type) => type.sort_order)).toEqual([...list.map((type) => type.sort_order)].sort((a, b) => a - b));
    expect((await call("staffAdmin", "GET", "/api/note-types/")).statusCode).toBe(200);
    // Institution administrators read sessions, notes included, but hold no slp_notes permission.
    expectFailure(await call("admin", "GET", "/api/note-types/"), 403, "ERROR_001");
    expectFailure(await call("superAdmin", "GET", "/api/note-types/"), 403, "ERROR_001");
  });

  it("writes a note on an attempt (201) and shows it in the session detail; edits keep the author and record the last editor", async () => {
    const s = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date("2026-02-10T09:00:00Z") });
    const attemptId = s.attemptIds[0] ?? 0;
    const [observation, progress] = world.noteTypeIds;
    const created = noteOf(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: observation, content: "  Needed a phonemic cue.\nThen named it.  " }), 201);
    expect(created).toMatchObject({
      game_attempt: attemptId,
      type: { id: observation, name: "Observation", color: "#2563eb" },
      note: "Needed a phonemic cue.\nThen named it.",
      created_by: { id: world.accounts.slp.id, email: world.accounts.slp.email },
      created_at: world.t.clock.now().toISOString(),
      last_edited_by: null,
      updated_at: world.t.clock.now().toISOString(),
    });
    world.t.clock.advance(120_000);
    const edited = noteOf(await call("staffAdmin", "PATCH", `/api/attempt-notes/${created.id}/`, { game_attempt: attemptId, note_type: progress, content: "Named it after one cue." }));
    expect(edited).toMatchObject({ id: created.id, type: { id: progress, name: "Progress" }, note: "Named it after one cue.", created_by: created.created_by, created_at: created.created_at, updated_at: world.t.clock.now().toISOString() });
    expect(edited.last_edited_by?.id).not.toBe(world.accounts.slp.id);
    expect(edited.last_edited_by?.id).toBeGreaterThan(0);
    const detail = decodeStrictly(SessionDetailWire, (await call("admin", "GET", `/api/game-session/${s.sessionId}/detailed/`)).json());
    expect(detail.challenges_in_session[0]?.attempts[0]?.notes).toEqual([edited]);
    // A note stays on its attempt.
    expectFailure(await call("slp", "PATCH", `/api/attempt-notes/${created.id}/`, { game_attempt: s.attemptIds[1], note_type: progress, content: "Moved" }), 400, "ERROR_056", "game_attempt");
    const [stored] = await world.db.select().from(attemptNotes).where(eq(attemptNotes.id, created.id));
    expect(stored?.attemptId).toBe(attemptId);
    expect(stored?.content).toBe("Named it after one cue.");
  });

  it("takes notes on locked attempts too, and refuses unknown note types, empty or overlong text", async () => {
    const locked = await world.addSession({ patientId: world.patientId, type: "parrot", start: new Date("2025-11-10T09:00:00Z"), locked: true });
    const attemptId = locked.attemptIds[0] ?? 0;
    const type = world.noteTypeIds[2] ?? 0;
    noteOf(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: type, content: "Old session, noted for the record." }), 201);
    const failure = expectFailure(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: 999_999, content: "x" }), 400, "ERROR_030", "note_type");
    expect(failure.message).toBe("The requested note type was not found");
    expectFailure(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: type, content: "   " }), 400, "ERROR_056", "content");
    expectFailure(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: type, content: "x".repeat(5001) }), 400, "ERROR_056", "content");
    expectFailure(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: type }), 400, "ERROR_056", "content");
    const created = noteOf(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: type, content: "x".repeat(5000) }), 201);
    expectFailure(await call("slp", "PATCH", `/api/attempt-notes/${created.id}/`, { game_attempt: attemptId, note_type: 999_999, content: "y" }), 400, "ERROR_030", "note_type");
    expect((await world.db.select().from(attemptNotes).where(eq(attemptNotes.id, created.id)))[0]?.lastEditedByUserId).toBeNull();
  });

  it("reaches notes only on the caller's patients: another SLP's, another clinic's and unknown read the same 404", async () => {
    const own = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date("2026-02-11T09:00:00Z") });
    const others = await world.addSession({ patientId: world.otherSlpPatientId, type: "naming", start: new Date("2026-02-11T09:00:00Z") });
    const foreign = await world.addSession({ patientId: world.foreignPatientId, type: "naming", start: new Date("2026-02-11T09:00:00Z") });
    const type = world.noteTypeIds[0] ?? 0;
    const note = noteOf(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: own.attemptIds[0], note_type: type, content: "Mine" }), 201);
    const created = new Set<string>();
    for (const attempt of [others.attemptIds[0], foreign.attemptIds[0], 2_000_000_000]) {
      const failure = expectFailure(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attempt, note_type: type, content: "Not mine" }), 404, "ERROR_030");
      created.add(`${failure.message}|${JSON.stringify(failure.detail)}`);
    }
    expect([...created]).toEqual(["The requested attempt was not found|null"]);
    const edited = new Set<string>();
    for (const [who, id] of [["otherSlp", note.id], ["slp", 2_000_000_000]] as const) {
      const failure = expectFailure(await call(who, "PATCH", `/api/attempt-notes/${id}/`, { game_attempt: own.attemptIds[0], note_type: type, content: "Not mine" }), 404, "ERROR_030");
      edited.add(`${failure.message}|${JSON.stringify(failure.detail)}`);
    }
    expect([...edited]).toEqual(["The requested note was not found|null"]);
    expectFailure(await call("admin", "POST", "/api/attempt-notes/", { game_attempt: own.attemptIds[0], note_type: type, content: "Admin" }), 403, "ERROR_075");
    expectFailure(await call("superAdmin", "PATCH", `/api/attempt-notes/${note.id}/`, { game_attempt: own.attemptIds[0], note_type: type, content: "Super" }), 403, "ERROR_001");
    expect((await world.db.select().from(attemptNotes).where(eq(attemptNotes.id, note.id)))[0]?.content).toBe("Mine");
  });

  it("audits note writes with their outcome", async () => {
    const s = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date("2026-02-12T09:00:00Z") });
    const type = world.noteTypeIds[0] ?? 0;
    const since = await lastAuditId();
    const note = noteOf(await call("slp", "POST", "/api/attempt-notes/", { game_attempt: s.attemptIds[0], note_type: type, content: "Audited" }), 201);
    await call("slp", "PATCH", `/api/attempt-notes/${note.id}/`, { game_attempt: s.attemptIds[0], note_type: type, content: "Audited again" });
    await call("otherSlp", "PATCH", `/api/attempt-notes/${note.id}/`, { game_attempt: s.attemptIds[0], note_type: type, content: "Denied" });
    expect(await auditSince(since)).toEqual([
      ["create", "attempt_note", String(note.id), "success"],
      ["update", "attempt_note", String(note.id), "success"],
      ["update", "attempt_note", String(note.id), "denied"],
    ]);
  });

  it("marks sessions reviewed: the patient reads reviewed once none waits, the SLP dashboard's count drops, reopening puts it back", async () => {
    // A patient of their own, so other tests' sessions do not count.
    const [patient] = await world.db
      .insert(patients)
      .values({ institutionId: world.clinic, firstName: "Reviewed", lastName: "Patient", email: `reviewed.${driver}@home.test`, birthdate: "1949-04-05", gender: "male", assignedStaffId: world.slpStaffId, status: "active" })
      .returning({ id: patients.id });
    const patientId = patient?.id ?? 0;
    const first = await world.addSession({ patientId, type: "naming", start: new Date("2026-02-20T09:00:00Z") });
    const second = await world.addSession({ patientId, type: "parrot", start: new Date("2026-02-21T09:00:00Z") });
    await world.addSession({ patientId, type: "parrot", start: new Date("2026-02-01T09:00:00Z"), reviewed: true });
    const dashboardRow = async (): Promise<DashboardRow | undefined> => {
      const page = (await call("slp", "GET", "/api/patients/dashboard/?page_size=100")).json() as { results: DashboardRow[] };
      return page.results.find((row) => row.id === patientId);
    };
    const patientReviewed = async () => (await world.db.select({ reviewed: patients.reviewed }).from(patients).where(eq(patients.id, patientId)))[0]?.reviewed;
    expect(await dashboardRow()).toMatchObject({ games_to_review: 2, reviewed_status: "pending" });

    const review = (who: Who, sessionId: number, reviewed: unknown) => call(who, "PUT", `/api/game-session/${sessionId}/review/`, { reviewed });
    const one = decodeStrictly(SessionReviewResponse, (await review("slp", first.sessionId, true)).json());
    expect(one).toEqual({
      id: first.sessionId,
      reviewed: true,
      review: { reviewed_by: { id: world.accounts.slp.id, first_name: expect.any(String), last_name: expect.any(String), email: world.accounts.slp.email }, reviewed_at: world.t.clock.now().toISOString() },
      patient_reviewed_status: "pending",
      // Issue 31: the review's version, moved by the mark (a stale If-Match is refused: review-versions.int.test.ts).
      version: 2,
    });
    expect(await dashboardRow()).toMatchObject({ games_to_review: 1, reviewed_status: "pending" });
    expect(await patientReviewed()).toBe(false);
    const detail = decodeStrictly(SessionDetailWire, (await call("slp", "GET", `/api/game-session/${first.sessionId}/detailed/`)).json());
    expect(detail.review).toEqual(one.review);

    world.t.clock.advance(60_000);
    const two = decodeStrictly(SessionReviewResponse, (await review("staffAdmin", second.sessionId, true)).json());
    expect(two.patient_reviewed_status).toBe("reviewed");
    expect(await patientReviewed()).toBe(true);
    expect(await dashboardRow()).toMatchObject({ games_to_review: 0, reviewed_status: "reviewed" });
    const filtered = (await call("slp", "GET", "/api/patients/?reviewed=true&page_size=100")).json() as { results: Array<{ id: number }> };
    expect(filtered.results.map((row) => row.id)).toContain(patientId);

    // Marking again keeps the first reviewer (idempotent); reopening clears the stamp and the patient waits again.
    world.t.clock.advance(60_000);
    const again = decodeStrictly(SessionReviewResponse, (await review("slp", first.sessionId, true)).json());
    expect(again.review).toEqual(one.review);
    expect(again.version).toBe(2);
    const reopened = decodeStrictly(SessionReviewResponse, (await review("slp", second.sessionId, false)).json());
    expect(reopened).toEqual({ id: second.sessionId, reviewed: false, review: null, patient_reviewed_status: "pending", version: 3 });
    expect(await patientReviewed()).toBe(false);
    expect(await dashboardRow()).toMatchObject({ games_to_review: 1, reviewed_status: "pending" });
    const [row] = await world.db.select().from(gameSessions).where(eq(gameSessions.id, second.sessionId));
    expect(row).toMatchObject({ reviewed: false, reviewedByUserId: null, reviewedAt: null });
  });

  it("refuses to review a session still being played, bad bodies, and callers outside the slice", async () => {
    const active = await world.addSession({ patientId: world.patientId, type: "parrot", start: new Date("2026-03-01T11:50:00Z"), isActive: true });
    const failure = expectFailure(await call("slp", "PUT", `/api/game-session/${active.sessionId}/review/`, { reviewed: true }), 409, "ERROR_050", "reviewed");
    expect(failure.message).toBe("The action is not allowed for the current status: active");
    const s = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date("2026-02-14T09:00:00Z") });
    for (const body of [{}, { reviewed: "true" }, { reviewed: null }, { reviewed: true, extra: 1 }, []]) {
      expect((await call("slp", "PUT", `/api/game-session/${s.sessionId}/review/`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const others = await world.addSession({ patientId: world.otherSlpPatientId, type: "naming", start: new Date("2026-02-14T09:00:00Z") });
    expectFailure(await call("slp", "PUT", `/api/game-session/${others.sessionId}/review/`, { reviewed: true }), 404, "ERROR_030");
    expectFailure(await call("slp", "PUT", "/api/game-session/2000000000/review/", { reviewed: true }), 404, "ERROR_030");
    expectFailure(await call("admin", "PUT", `/api/game-session/${s.sessionId}/review/`, { reviewed: true }), 403, "ERROR_001");
    expectFailure(await call("superAdmin", "PUT", `/api/game-session/${s.sessionId}/review/`, { reviewed: true }), 403, "ERROR_001");
    const since = await lastAuditId();
    expect((await call("slp", "PUT", `/api/game-session/${s.sessionId}/review/`, { reviewed: true })).statusCode).toBe(200);
    expect(await auditSince(since)).toEqual([["update", "game_session", String(s.sessionId), "success"]]);
    const stored = await world.db.select({ reviewed: gameSessions.reviewed }).from(gameSessions).where(eq(gameSessions.id, others.sessionId));
    expect(stored[0]?.reviewed).toBe(false);
  });
});
