import * as Schema from "effect/Schema";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatientPendingReviews, ReviewQueueStep } from "../../../domain/review-queue/review-queue-wire.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import { checkCounters } from "../../db/counters/check-counters.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { patientStepSql, sliceStepSql } from "./review-queue-queries.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// The review queue (issue 23): a patient's pending sessions per exercise, and the walk from one
// pending session to the next of a patient or of the caller's slice, oldest first, on each
// database. The walks are compared with the pending sessions read straight from the table.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Who = keyof SessionWorld["headers"];
type Failure = { code: string; message: string; detail: { field?: string } | null };
type Step = typeof ReviewQueueStep.Type;

const at = (iso: string): Date => new Date(iso);

describe.each(TEST_DRIVERS)("the review queue on %s", (driver) => {
  let world: SessionWorld;
  let serial = 0;

  beforeAll(async () => {
    world = await sessionWorld(driver, "queue");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const get = (who: Who, url: string): Promise<LightMyRequestResponse> => world.t.app.inject({ method: "GET", url, headers: world.headers[who] });
  const review = (sessionId: number, reviewed: boolean): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "PUT", url: `/api/game-session/${sessionId}/review/`, headers: { ...world.headers.slp, "content-type": "application/json" }, payload: { reviewed } });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    return body;
  };
  const step = async (who: Who, query: string): Promise<Step> => {
    const response = await get(who, `/api/review-queue/next/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return decodeStrictly(ReviewQueueStep, response.json());
  };
  const pendingOf = async (who: Who, patientId: number) => {
    const response = await get(who, `/api/patients/${patientId}/pending-reviews/`);
    expect(response.statusCode, response.body).toBe(200);
    return decodeStrictly(PatientPendingReviews, response.json());
  };
  const newPatient = async (institutionId: number, staffId: number | null, firstName: string): Promise<number> => {
    serial += 1;
    const [row] = await world.db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "Queue", email: `${firstName.toLowerCase()}.${serial}.${driver}@queue.test`, birthdate: "1951-04-05", gender: "male", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  const add = async (patientId: number, type: GameType, start: string, reviewed = false): Promise<number> =>
    (await world.addSession({ patientId, type, start: at(start), reviewed })).sessionId;

  /** Walks a scope from its first pending session to the end, as the portal's Next does. */
  const walk = async (who: Who, base: string, direction: "next" | "previous"): Promise<number[]> => {
    const seen: number[] = [];
    let current = await step(who, `${base}&direction=${direction}`);
    while (current.session !== null) {
      seen.push(current.session.id);
      if (seen.length > 500) throw new Error("the walk loops");
      current = await step(who, `${base}&direction=${direction}&from=${current.session.id}`);
    }
    return seen;
  };

  /** The slice's pending sessions in the walk's order, read from the table (live patients only). */
  const pendingInSlice = async (institutionId: number, staffId: number | null): Promise<number[]> => {
    const rows = await world.db
      .select({ id: gameSessions.id })
      .from(gameSessions)
      .innerJoin(patients, eq(patients.id, gameSessions.patientId))
      .where(and(eq(gameSessions.reviewed, false), eq(patients.institutionId, institutionId), isNull(patients.archivedAt), staffId === null ? undefined : eq(patients.assignedStaffId, staffId)))
      .orderBy(asc(gameSessions.startTime), asc(gameSessions.id));
    return rows.map((row) => row.id);
  };

  it("walks one patient's pending sessions oldest first (start, then id), forwards and back, skipping reviewed ones and never looping", async () => {
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Walter");
    const first = await add(patientId, "naming", "2026-01-01T09:00:00Z");
    const reviewedOne = await add(patientId, "parrot", "2026-01-02T09:00:00Z", true);
    const third = await add(patientId, "parrot", "2026-01-03T09:00:00Z");
    const tied = await add(patientId, "naming", "2026-01-03T09:00:00Z");
    const last = await add(patientId, "memory_grid", "2026-01-05T09:00:00Z");
    const base = `scope=patient&patient=${patientId}`;

    const opening = await step("slp", base);
    expect(opening.pending).toBe(4);
    expect(opening.session).toMatchObject({ id: first, patient_id: patientId, start_time: "2026-01-01T09:00:00.000Z", patient_name: "Walter Queue", game_name: "Naming" });
    expect(opening.session?.level_id).toBe(await world.levelOf(patientId, "naming"));
    expect(await walk("slp", base, "next")).toEqual([first, third, tied, last]);
    expect(await walk("slp", base, "previous")).toEqual([last, tied, third, first]);
    // From a reviewed session the walk goes on from where it stands.
    expect((await step("slp", `${base}&from=${reviewedOne}`)).session?.id).toBe(third);
    expect((await step("slp", `${base}&from=${reviewedOne}&direction=previous`)).session?.id).toBe(first);
    // Skipping the first leaves it behind: from the last there is nothing further, and no way round.
    expect((await step("slp", `${base}&from=${last}`)).session).toBeNull();
    expect((await step("slp", `${base}&from=${first}&direction=previous`)).session).toBeNull();

    // Reviewed on the way: it leaves the walk and the count; reopened, it is back.
    expect((await review(third, true)).statusCode).toBe(200);
    const after = await step("slp", `${base}&from=${first}`);
    expect(after).toMatchObject({ pending: 3, session: { id: tied } });
    expect((await review(third, false)).statusCode).toBe(200);
    expect(await step("slp", `${base}&from=${first}`)).toMatchObject({ pending: 4, session: { id: third } });
    // The administrator walks the same patient the same way.
    expect(await walk("admin", base, "next")).toEqual([first, third, tied, last]);
  });

  it("counts each assigned level's pending sessions, kept on write as sessions arrive, are reviewed, reopened and deleted", async () => {
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Levente");
    const naming = await world.levelOf(patientId, "naming");
    const parrot = await world.levelOf(patientId, "parrot");
    const idle = await world.levelOf(patientId, "pill_sorting");
    expect(await pendingOf("slp", patientId)).toEqual({
      patient_id: patientId,
      pending: 0,
      levels: [
        { level_id: naming, pending: 0, oldest_session_id: null },
        { level_id: parrot, pending: 0, oldest_session_id: null },
        { level_id: idle, pending: 0, oldest_session_id: null },
      ],
    });
    const n1 = await add(patientId, "naming", "2026-02-03T09:00:00Z");
    const n0 = await add(patientId, "naming", "2026-02-01T09:00:00Z");
    const p1 = await add(patientId, "parrot", "2026-02-02T09:00:00Z");
    await add(patientId, "parrot", "2026-02-01T08:00:00Z", true);
    const byLevel = async () => new Map((await pendingOf("slp", patientId)).levels.map((level) => [level.level_id, [level.pending, level.oldest_session_id]]));
    expect(await byLevel()).toEqual(new Map([[naming, [2, n0]], [parrot, [1, p1]], [idle, [0, null]]]));
    expect((await pendingOf("admin", patientId)).pending).toBe(3);

    expect((await review(n0, true)).statusCode).toBe(200);
    expect(await byLevel()).toEqual(new Map([[naming, [1, n1]], [parrot, [1, p1]], [idle, [0, null]]]));
    expect((await review(n0, false)).statusCode).toBe(200);
    expect(await byLevel()).toEqual(new Map([[naming, [2, n0]], [parrot, [1, p1]], [idle, [0, null]]]));
    await world.db.delete(gameSessions).where(eq(gameSessions.id, p1));
    expect(await byLevel()).toEqual(new Map([[naming, [2, n0]], [parrot, [0, null]], [idle, [0, null]]]));
    expect((await pendingOf("slp", patientId)).pending).toBe(2);
    expect((await checkCounters(world.db)).differences).toEqual([]);
  });

  it("walks the caller's slice: an SLP's caseload, an administrator's institution, live patients only", async () => {
    const mine = await newPatient(world.clinic, world.slpStaffId, "Casimir");
    const colleagues = await newPatient(world.clinic, world.otherSlpStaffId, "Dorothea");
    const archived = await newPatient(world.clinic, world.slpStaffId, "Archibald");
    const unassigned = await newPatient(world.clinic, null, "Ulrike");
    await add(mine, "naming", "2025-12-01T09:00:00Z");
    await add(mine, "parrot", "2025-12-03T09:00:00Z");
    await add(colleagues, "naming", "2025-12-02T09:00:00Z");
    const hidden = await add(archived, "naming", "2025-12-01T10:00:00Z");
    await add(unassigned, "parrot", "2025-12-01T11:00:00Z");
    await world.db.update(patients).set({ archivedAt: at("2026-02-01T00:00:00Z") }).where(eq(patients.id, archived));

    for (const [who, staffId] of [["slp", world.slpStaffId], ["otherSlp", world.otherSlpStaffId], ["admin", null], ["staffAdmin", null]] as const) {
      const expected = await pendingInSlice(world.clinic, staffId);
      expect(expected.length).toBeGreaterThan(0);
      expect(await walk(who, "scope=caseload", "next"), who).toEqual(expected);
      expect(await walk(who, "scope=caseload", "previous"), who).toEqual([...expected].reverse());
      expect((await step(who, "scope=caseload")).pending, who).toBe(expected.length);
      expect(expected).not.toContain(hidden);
    }
    // The other clinic's administrator walks only their own clinic's.
    const foreign = await add(world.foreignPatientId, "naming", "2025-11-01T09:00:00Z");
    expect(await walk("otherAdmin", "scope=caseload", "next")).toEqual(await pendingInSlice(world.otherClinic, null));
    expect(await walk("otherAdmin", "scope=caseload", "next")).toContain(foreign);
    // An archived patient: their own walk and their sessions read as unknown.
    expectFailure(await get("slp", `/api/review-queue/next/?scope=patient&patient=${archived}`), 404, "ERROR_030");
    expectFailure(await get("slp", `/api/review-queue/next/?scope=caseload&from=${hidden}`), 404, "ERROR_030");
    expectFailure(await get("slp", `/api/patients/${archived}/pending-reviews/`), 404, "ERROR_030");
  });

  it("answers another institution's or SLP's patient or session as an unknown id, and the super administrator 403", async () => {
    const own = await add(world.patientId, "naming", "2026-01-20T09:00:00Z");
    const foreign = await add(world.foreignPatientId, "naming", "2026-01-20T09:00:00Z");
    const colleagues = await add(world.otherSlpPatientId, "naming", "2026-01-20T09:00:00Z");
    const [maxRow] = await world.db.select({ id: gameSessions.id }).from(gameSessions).orderBy(desc(gameSessions.id)).limit(1);
    const missing = 2_000_000_000 + (maxRow?.id ?? 0);
    const patientBodies = new Set<string>();
    const sessionBodies = new Set<string>();
    for (const [who, patientId] of [["slp", world.foreignPatientId], ["slp", world.otherSlpPatientId], ["admin", world.foreignPatientId], ["otherAdmin", world.patientId], ["slp", missing]] as const) {
      for (const url of [`/api/review-queue/next/?scope=patient&patient=${patientId}`, `/api/patients/${patientId}/pending-reviews/`]) {
        const failure = expectFailure(await get(who, url), 404, "ERROR_030");
        patientBodies.add(JSON.stringify({ message: failure.message, detail: failure.detail }));
      }
    }
    for (const [who, sessionId] of [["slp", foreign], ["slp", colleagues], ["admin", foreign], ["otherAdmin", own], ["slp", missing]] as const) {
      for (const query of [`scope=caseload&from=${sessionId}`, `scope=patient&patient=${world.patientId}&from=${sessionId}`]) {
        if (who === "otherAdmin" && query.startsWith("scope=patient")) continue;
        const failure = expectFailure(await get(who, `/api/review-queue/next/?${query}`), 404, "ERROR_030");
        sessionBodies.add(JSON.stringify({ message: failure.message, detail: failure.detail }));
      }
    }
    expect([...patientBodies]).toHaveLength(1);
    expect([...sessionBodies]).toEqual([JSON.stringify({ message: "The requested session was not found", detail: null })]);
    expectFailure(await get("superAdmin", "/api/review-queue/next/?scope=caseload"), 403, "ERROR_001");
    expectFailure(await get("superAdmin", `/api/review-queue/next/?scope=patient&patient=${world.patientId}`), 403, "ERROR_001");
    expectFailure(await get("superAdmin", `/api/patients/${world.patientId}/pending-reviews/`), 403, "ERROR_001");
    // No step of the other clinic's administrator lands on this clinic's session.
    const theirs = await walk("otherAdmin", "scope=caseload", "next");
    expect(theirs).not.toContain(own);
    expect(theirs).toContain(foreign);
  });

  it("refuses a malformed query with a catalogued 400, and a patient scope without a patient with ERROR_003", async () => {
    for (const query of ["scope=bogus", "scope=patient&patient=abc", "scope=caseload&from=0", "scope=caseload&direction=up", "", "scope=caseload&extra=1", `scope=patient&patient=${world.patientId}&from=-3`]) {
      const response = await get("slp", `/api/review-queue/next/?${query}`);
      expectFailure(response, 400, "ERROR_056");
    }
    expectFailure(await get("slp", "/api/patients/abc/pending-reviews/"), 400, "ERROR_056");
    const missing = expectFailure(await get("slp", "/api/review-queue/next/?scope=patient"), 400, "ERROR_003");
    expect(missing).toMatchObject({ message: "The patient is required", detail: { field: "patient" } });
  });

  it("tells how many attempts of the session each step lands on can be corrected, and on only=correctable walks past sessions the game locked", async () => {
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Lockie");
    const locked = (start: string) => world.addSession({ patientId, type: "naming", start: at(start), locked: true });
    const mixed = (start: string) => world.addSession({ patientId, type: "naming", start: at(start), challenges: [[{ isEditable: false }, {}], [{}]] });
    const oldest = (await locked("2024-01-01T09:00:00Z")).sessionId;
    const older = (await locked("2024-01-02T09:00:00Z")).sessionId;
    const partly = (await mixed("2024-01-03T09:00:00Z")).sessionId;
    const lockedAgain = (await locked("2024-01-04T09:00:00Z")).sessionId;
    const open = (await world.addSession({ patientId, type: "naming", start: at("2024-01-05T09:00:00Z"), challenges: [[{}, {}, {}]] })).sessionId;
    const base = `scope=patient&patient=${patientId}`;

    // Every step says how many of its session's attempts can be corrected: 0 for a session the game locked.
    expect((await step("slp", base)).session).toMatchObject({ id: oldest, correctable_attempts: 0 });
    expect((await step("slp", `${base}&from=${older}`)).session).toMatchObject({ id: partly, correctable_attempts: 2 });
    expect((await step("slp", `${base}&from=${lockedAgain}`)).session).toMatchObject({ id: open, correctable_attempts: 3 });
    expect(await walk("slp", base, "next")).toEqual([oldest, older, partly, lockedAgain, open]);

    // Only correctable: the walk skips the locked sessions both ways; what waits is still every session.
    const correctable = `${base}&only=correctable`;
    expect(await step("slp", correctable)).toMatchObject({ pending: 5, session: { id: partly, correctable_attempts: 2 } });
    expect(await walk("slp", correctable, "next")).toEqual([partly, open]);
    expect(await walk("slp", correctable, "previous")).toEqual([open, partly]);
    expect((await step("slp", `${correctable}&from=${oldest}`)).session?.id).toBe(partly);

    // The caseload and the institution walk the same way: the first correctable session of this patient comes after every other patient's.
    const caseload = await walk("slp", "scope=caseload&only=correctable", "next");
    expect(caseload.filter((id) => [oldest, older, partly, lockedAgain, open].includes(id))).toEqual([partly, open]);
    const institution = await walk("admin", "scope=caseload&only=correctable", "next");
    expect(institution.filter((id) => [oldest, older, partly, lockedAgain, open].includes(id))).toEqual([partly, open]);
    const all = await walk("slp", "scope=caseload", "next");
    expect(all.filter((id) => [oldest, older, partly, lockedAgain, open].includes(id))).toEqual([oldest, older, partly, lockedAgain, open]);

    // A filter the call does not know is a catalogued 400, as any bad query.
    expectFailure(await get("slp", `/api/review-queue/next/?${base}&only=everything`), 400, "ERROR_056");

    // Reviewed, the partly locked session leaves the correctable walk too.
    expect((await review(partly, true)).statusCode).toBe(200);
    expect(await walk("slp", correctable, "next")).toEqual([open]);
  });

  it("starts each step's index probe at the cursor: the (start_time, id) comparison is an index condition, never a filter", async () => {
    // A patient with a long reviewed history and a few sessions waiting, so the plans are the ones a real table gets.
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Planck");
    const levelId = await world.levelOf(patientId, "naming");
    const start = Date.parse("2025-06-01T09:00:00Z");
    await world.db.insert(gameSessions).values(
      Array.from({ length: 300 }, (_, n) => ({
        patientGameLevelId: levelId,
        patientId,
        gameId: world.gameIdOf("naming"),
        difficulty: "easy" as const,
        startTime: new Date(start + n * 3_600_000),
        reviewed: n % 50 !== 0,
      })),
    );
    await world.db.execute(sql`analyze game_sessions`);
    await world.db.execute(sql`analyze patients`);
    const [cursor] = await world.db.select({ id: gameSessions.id }).from(gameSessions).where(and(eq(gameSessions.patientId, patientId), eq(gameSessions.reviewed, false))).orderBy(asc(gameSessions.id)).offset(2).limit(1);
    const from = { sessionId: cursor?.id ?? 0 };
    const statements = [
      ["patient, next", patientStepSql(patientId, from, "next")],
      ["patient, previous", patientStepSql(patientId, from, "previous")],
      ["SLP caseload, next", sliceStepSql({ institutionId: world.clinic, staffId: world.slpStaffId }, from, "next")],
      ["institution, previous", sliceStepSql({ institutionId: world.clinic, staffId: null }, from, "previous")],
      ["patient, next, only correctable", patientStepSql(patientId, from, "next", "correctable")],
      ["SLP caseload, next, only correctable", sliceStepSql({ institutionId: world.clinic, staffId: world.slpStaffId }, from, "next", "correctable")],
    ] as const;
    for (const [label, statement] of statements) {
      const plan = await world.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf(await tx.execute(sql`explain ${statement}`)).map((row) => String(Object.values(row)[0]));
      });
      const text = plan.join("\n");
      expect(text, `${label}:\n${text}`).toMatch(/Index (Only )?Scan.* on game_sessions s/);
      expect(plan.some((line) => /Index Cond: .*ROW\(s?\.?start_time, s?\.?id\) [<>] ROW\(/.test(line)), `${label}:\n${text}`).toBe(true);
      expect(plan.filter((line) => /Filter: .*ROW\(/.test(line)), `${label}:\n${text}`).toEqual([]);
      // Issue 31: the correctable count (and the only=correctable test) read the partial index of editable attempts.
      expect(text, `${label}:\n${text}`).toMatch(/Index Only Scan using game_attempts_editable_session_idx/);
    }
  });

  it("audits every step and count with what it read, refusals too", async () => {
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Audrey");
    const session = await add(patientId, "naming", "2026-01-07T09:00:00Z");
    const [startRow] = await world.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    const startId = startRow?.id ?? 0;
    await get("slp", `/api/patients/${patientId}/pending-reviews/`);
    await get("slp", `/api/review-queue/next/?scope=patient&patient=${patientId}`);
    await get("slp", `/api/review-queue/next/?scope=patient&patient=${patientId}&from=${session}`);
    await get("otherSlp", `/api/review-queue/next/?scope=patient&patient=${patientId}`);
    await get("slp", "/api/review-queue/next/?scope=patient");
    const rows = await world.db.select().from(auditEvents).where(gt(auditEvents.id, startId)).orderBy(asc(auditEvents.id));
    expect(rows.map((row) => [row.action, row.resource, row.resourceId, row.outcome, row.reason])).toEqual([
      ["read", "patient_pending_reviews", String(patientId), "success", null],
      ["read", "review_queue", String(session), "success", null],
      ["read", "review_queue", null, "success", null],
      ["read", "review_queue", String(patientId), "denied", "outside_scope"],
      ["read", "review_queue", null, "failure", "invalid_query"],
    ]);
  });
});
