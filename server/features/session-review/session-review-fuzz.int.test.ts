import { fc } from "@fast-check/vitest";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../domain/shared/error-catalogue.ts";
import { gameAttempts } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

// Hostile input to the session-review routes never answers 500: generated bodies shaped like a
// correction, a note or a review (and anything else JSON can hold), path ids and query strings.
// Every refusal is a catalogue code, and a locked attempt never changes whatever is sent.
const SETUP_TIMEOUT = 180_000;
const RUNS = fuzzRuns(25);

const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("", " ", "\u0000", "\ud800", "😀", "x".repeat(1001), "'; drop table game_attempts; --", "cat, dog"));
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, 0.1, 0.3, 1, -0, 1.05, 2_147_483_648, Number.MAX_SAFE_INTEGER));
const anything = fc.anything({ maxDepth: 3 });
const correction = fc.record(
  {
    score: fc.oneof(number, anything),
    score_details: fc.oneof(fc.record({ is_correct: fc.oneof(fc.boolean(), anything), transcription: fc.oneof(text, anything), ai_feedback: text }, { requiredKeys: [] }), anything),
    attempt_data: fc.oneof(
      fc.record({ spoken_words: fc.record({ correct_words: fc.oneof(fc.array(text, { maxLength: 5 }), anything), wrong_words: fc.array(text, { maxLength: 5 }) }, { requiredKeys: [] }) }, { requiredKeys: [] }),
      anything,
    ),
    extra: anything,
  },
  { requiredKeys: [] },
);
const noteBody = fc.record({ game_attempt: fc.oneof(number, text, anything), note_type: fc.oneof(number, text), content: fc.oneof(text, anything) }, { requiredKeys: [] });
/** Percent-encodes what can be; a lone surrogate (which encodeURIComponent refuses) becomes a byte sequence no UTF-8 reader accepts. */
const urlText = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
};
const pathId = fc.oneof(fc.integer().map(String), text.map(urlText), fc.constantFrom("0", "-1", "1.5", "1e3", "02", "2147483648", "%00", "..%2F"));
const queryValue = fc.oneof(pathId, fc.constantFrom("", "true", "[1]"));

describe.each(TEST_DRIVERS)("session-review routes under hostile input on %s", (driver) => {
  let world: SessionWorld;
  let editable = 0;
  let locked = 0;
  let sessionId = 0;
  let levelId = 0;
  let noteId = 0;

  beforeAll(async () => {
    world = await sessionWorld(driver, "fuzz");
    const open = await world.addSession({ patientId: world.patientId, type: "verbal_fluency", start: new Date("2026-02-10T09:00:00Z") });
    const closed = await world.addSession({ patientId: world.patientId, type: "social_situations", start: new Date("2025-11-10T09:00:00Z"), locked: true });
    editable = open.attemptIds[0] ?? 0;
    locked = closed.attemptIds[0] ?? 0;
    sessionId = open.sessionId;
    levelId = open.levelId;
    const created = await world.t.app.inject({
      method: "POST",
      url: "/api/attempt-notes/",
      headers: { ...world.headers.slp, "content-type": "application/json" },
      payload: JSON.stringify({ game_attempt: editable, note_type: world.noteTypeIds[0], content: "Fuzz target" }),
    });
    noteId = (created.json() as { id: number }).id;
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const send = async (method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown) => {
    const response = await world.t.app.inject({
      method,
      url,
      headers: { ...world.headers.slp, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? "null" }),
    });
    expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    if (response.statusCode >= 400) expect(ERROR_CODES).toContain((response.json() as { code: string }).code);
    return response;
  };

  it("answers any correction body without a 500, and never changes a locked attempt", async () => {
    const [before] = await world.db.select().from(gameAttempts).where(eq(gameAttempts.id, locked));
    await fc.assert(
      fc.asyncProperty(correction, async (body) => {
        await send("PATCH", `/api/attempt/${editable}/`, body);
        const response = await send("PATCH", `/api/attempt/${locked}/`, body);
        expect([400, 409]).toContain(response.statusCode);
      }),
      { numRuns: RUNS, seed: 1201 },
    );
    expect((await world.db.select().from(gameAttempts).where(eq(gameAttempts.id, locked)))[0]).toEqual(before);
    // Whatever was accepted kept the rules: a score on the tenths scale, trimmed words.
    const [after] = await world.db.select().from(gameAttempts).where(eq(gameAttempts.id, editable));
    const score = after?.score ?? 0;
    expect(score >= 0 && score <= 1 && Math.abs(score * 10 - Math.round(score * 10)) < 1e-6, String(score)).toBe(true);
    const spoken = ((after?.attemptData ?? {}) as { spoken_words?: { correct_words?: string[]; wrong_words?: string[] } }).spoken_words;
    for (const word of [...(spoken?.correct_words ?? []), ...(spoken?.wrong_words ?? [])]) expect(word).toBe(word.trim());
  });

  it("answers any note or review body without a 500", async () => {
    await fc.assert(
      fc.asyncProperty(noteBody, anything, async (note, review) => {
        await send("POST", "/api/attempt-notes/", note);
        await send("PATCH", `/api/attempt-notes/${noteId}/`, note);
        await send("PUT", `/api/game-session/${sessionId}/review/`, review);
        await send("PUT", `/api/game-session/${sessionId}/review/`, { reviewed: review });
      }),
      { numRuns: RUNS, seed: 1202 },
    );
  });

  it("answers any path id and query string without a 500", async () => {
    await fc.assert(
      fc.asyncProperty(pathId, queryValue, queryValue, queryValue, async (id, level, page, size) => {
        await send("GET", `/api/game-session/${id}/detailed/`);
        await send("PATCH", `/api/attempt/${id}/`, { score: 0.5 });
        await send("PATCH", `/api/attempt-notes/${id}/`, { game_attempt: editable, note_type: world.noteTypeIds[0], content: "x" });
        await send("GET", `/api/game-sessions-list/?game_level_id=${level}&page=${page}&page_size=${size}`);
        await send("GET", `/api/game-sessions-statistics/?game_level_id=${level}&game_level_id=${levelId}`);
      }),
      { numRuns: RUNS, seed: 1203 },
    );
  });
});
