import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { attemptNotes } from "../../db/schema/notes.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import {
  type VersionNamed,
  type VersionedSubject,
  expectCurrentWrites,
  expectOneRacerWins,
  expectStaleRefused,
  expectUnreadableRefused,
  expectUnversionedWrites,
} from "../../http/versioned-writes.test-helper.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// Issue 19: two SLPs correcting the same attempt, or editing the same note, no longer overwrite
// each other silently (docs/session-review-api.md, "Versions").
const SETUP_TIMEOUT = 180_000;
const SCORES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

describe.each(TEST_DRIVERS)("attempt and note versions on %s", (driver) => {
  let world: SessionWorld;
  let day = 0;

  beforeAll(async () => {
    world = await sessionWorld(driver, "versions");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Who = keyof SessionWorld["headers"];
  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const ifMatch = (version: VersionNamed): Record<string, string> => (version.ifMatch === undefined ? {} : { "if-match": version.ifMatch });
  const withBody = (body: Record<string, unknown>, version: VersionNamed) => (version.body === undefined ? body : { ...body, version: version.body });
  const lastAudit = (resource: string, id: number) => async () => {
    const [row] = await world.db
      .select({ outcome: auditEvents.outcome, reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, resource), eq(auditEvents.resourceId, String(id))))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  };
  const newSession = async () => {
    day += 1;
    return world.addSession({ patientId: world.patientId, type: "naming", start: new Date(Date.UTC(2026, 1, day, 9)), challenges: [[{}, {}]] });
  };

  /** PATCH attempt/{id}/ of the score: the assigned SLP and the staff administrator in turn. */
  const attemptSubject = (id: number): VersionedSubject<number> => {
    let turn = 0;
    return {
      write: (score, version) => {
        turn += 1;
        return call(turn % 2 === 0 ? "staffAdmin" : "slp", "PATCH", `/api/attempt/${id}/`, withBody({ score }, version), ifMatch(version));
      },
      stored: async () => {
        const [row] = await world.db.select({ version: gameAttempts.version, value: gameAttempts.score }).from(gameAttempts).where(eq(gameAttempts.id, id));
        if (row === undefined || row.value === null) throw new Error("no attempt score");
        return { version: row.version, value: row.value };
      },
      lastAudit: lastAudit("game_attempt", id),
      values: SCORES,
    };
  };
  const newAttempt = async () => (await newSession()).attemptIds[0] ?? 0;

  /** PATCH attempt-notes/{id}/ of the text: the SLP and the staff administrator in turn. */
  const noteSubject = (id: number, attemptId: number): VersionedSubject<string> => {
    let turn = 0;
    const [observation] = world.noteTypeIds;
    return {
      write: (content, version) => {
        turn += 1;
        return call(turn % 2 === 0 ? "staffAdmin" : "slp", "PATCH", `/api/attempt-notes/${id}/`, withBody({ game_attempt: attemptId, note_type: observation, content }, version), ifMatch(version));
      },
      stored: async () => {
        const [row] = await world.db.select({ version: attemptNotes.version, value: attemptNotes.content }).from(attemptNotes).where(eq(attemptNotes.id, id));
        if (row === undefined) throw new Error("no note");
        return row;
      },
      lastAudit: lastAudit("attempt_note", id),
      values: ["Cue one", "Cue two", "Cue three", "Cue four", "Cue five", "Cue six", "Cue seven", "Cue eight"],
    };
  };
  const newNote = async () => {
    const attemptId = await newAttempt();
    const created = await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: world.noteTypeIds[0], content: "First words" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const note = created.json() as { id: number; version: number };
    expect(note.version).toBe(1);
    return noteSubject(note.id, attemptId);
  };

  it("shows each attempt's and each note's version in the session detail", async () => {
    const s = await newSession();
    const [first, second] = s.attemptIds;
    await call("slp", "POST", "/api/attempt-notes/", { game_attempt: first, note_type: world.noteTypeIds[0], content: "Seen" });
    expect((await call("slp", "PATCH", `/api/attempt/${second}/`, { score: 0.5 })).json()).toMatchObject({ version: 2 });
    const detail = (await call("slp", "GET", `/api/game-session/${s.sessionId}/detailed/`)).json() as {
      challenges_in_session: { attempts: { id: number; version: number; notes: { version: number }[] }[] }[];
    };
    const attempts = detail.challenges_in_session.flatMap((challenge) => challenge.attempts);
    expect(attempts.map((attempt) => [attempt.id, attempt.version, attempt.notes.map((note) => note.version)])).toEqual([
      [first, 1, [1]],
      [second, 2, []],
    ]);
  });

  describe("a correction of an attempt", () => {
    it("refuses a stale version (412 ERROR_056 on version) and changes nothing", async () => {
      const id = await newAttempt();
      await call("slp", "PATCH", `/api/attempt/${id}/`, { score: 0.9 });
      await expectStaleRefused(attemptSubject(id));
    });
    it("writes with the current version, answering the next one in the body and the ETag", async () => {
      await expectCurrentWrites(attemptSubject(await newAttempt()));
    });
    it("lets exactly one of two corrections from the same version win", async () => {
      const subject = attemptSubject(await newAttempt());
      for (let round = 0; round < 3; round += 1) await expectOneRacerWins(subject);
    });
    it("keeps writing without a version", async () => {
      await expectUnversionedWrites(attemptSubject(await newAttempt()));
    });
    it("refuses a malformed or contradictory version (400)", async () => {
      await expectUnreadableRefused(attemptSubject(await newAttempt()));
    });
  });

  describe("an edit of a note", () => {
    it("refuses a stale version (412 ERROR_056 on version) and changes nothing", async () => {
      const subject = await newNote();
      await subject.write("Moved on", {});
      await expectStaleRefused(subject);
    });
    it("writes with the current version, answering the next one in the body and the ETag", async () => {
      await expectCurrentWrites(await newNote());
    });
    it("lets exactly one of two edits from the same version win", async () => {
      const subject = await newNote();
      for (let round = 0; round < 3; round += 1) await expectOneRacerWins(subject);
    });
    it("keeps writing without a version", async () => {
      await expectUnversionedWrites(await newNote());
    });
    it("refuses a malformed or contradictory version (400)", async () => {
      await expectUnreadableRefused(await newNote());
    });
  });

  /**
   * PUT game-session/{id}/review/ (issue 31): the SLP and the staff administrator in turn. A mark
   * only moves the version when it changes the review, so the values alternate where each write
   * must change it (expectCurrentWrites: 2..4) and the racers both mark a pending session (5, 6).
   */
  const reviewSubject = (id: number): VersionedSubject<boolean> => {
    let turn = 0;
    return {
      write: (reviewed, version) => {
        turn += 1;
        return call(turn % 2 === 0 ? "staffAdmin" : "slp", "PUT", `/api/game-session/${id}/review/`, withBody({ reviewed }, version), ifMatch(version));
      },
      stored: async () => {
        const [row] = await world.db.select({ version: gameSessions.version, value: gameSessions.reviewed }).from(gameSessions).where(eq(gameSessions.id, id));
        if (row === undefined) throw new Error("no session");
        return row;
      },
      lastAudit: lastAudit("game_session", id),
      values: [true, true, true, false, true, true, true, true],
    };
  };
  const newReview = async () => reviewSubject((await newSession()).sessionId);

  describe("a review mark of a session", () => {
    it("refuses a stale version (412 ERROR_056 on version) and changes nothing", async () => {
      const subject = await newReview();
      await subject.write(true, {});
      await subject.write(false, {});
      await expectStaleRefused(subject);
    });
    it("writes with the current version, answering the next one in the body and the ETag", async () => {
      await expectCurrentWrites(await newReview());
    });
    it("lets exactly one of two marks from the same version win", async () => {
      await expectOneRacerWins(await newReview());
    });
    it("refuses a malformed or contradictory version (400)", async () => {
      await expectUnreadableRefused(await newReview());
    });
    it("keeps marking without a version; marking again changes nothing, so the version stays", async () => {
      const subject = await newReview();
      const first = await subject.write(true, {});
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers.etag).toBe('"2"');
      const again = await subject.write(true, { ifMatch: '"2"' });
      expect(again.json()).toMatchObject({ reviewed: true, version: 2 });
      expect(await subject.stored()).toEqual({ version: 2, value: true });
    });
    it("shows the review's version in the session detail", async () => {
      const s = await newSession();
      await call("slp", "PUT", `/api/game-session/${s.sessionId}/review/`, { reviewed: true });
      expect((await call("slp", "GET", `/api/game-session/${s.sessionId}/detailed/`)).json()).toMatchObject({ version: 2 });
    });
  });

  it("does not move the patient's version when a review changes their review status (no form edits it)", async () => {
    const before = (await call("slp", "GET", `/api/patients/${world.patientId}/`)).json() as { version: number };
    const s = await newSession();
    const review = await call("slp", "PUT", `/api/game-session/${s.sessionId}/review/`, { reviewed: true });
    expect(review.statusCode, review.body).toBe(200);
    const after = await call("slp", "GET", `/api/patients/${world.patientId}/`);
    expect(after.json()).toMatchObject({ version: before.version });
    expect(after.headers.etag).toBe(`"${before.version}"`);
  });
});
