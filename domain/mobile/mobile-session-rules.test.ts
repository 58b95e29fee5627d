import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { GAME_TYPES, type GameType } from "../shared/games/game-type.ts";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { decodeStrict } from "../shared/wire/decode.ts";
import { SESSION_DETAIL_EXAMPLES, sessionTotals } from "../session-review/index.ts";
import { MOBILE_SESSION_LIMITS } from "./mobile-session-limits.ts";
import { assignmentChoice, checkGameParts, checkSessionShape, checkUpload, sessionTiming, uploadTotals } from "./mobile-session-rules.ts";
import { MOBILE_SESSION_FIELD_CODES, MobileSessionUpload, type UploadChallenge } from "./mobile-session-wire.ts";
import { uploadFromDetail } from "./upload-from-detail.ts";
import { uploadArb } from "./upload.arbitraries.test-helper.ts";

// The rules of an uploaded session (docs/mobile-api.md): every session the detail can show is one
// the app can send, per game; what the tables cannot hold is refused with the body path.

const CLIENT_ID = "0b6f3f0e-4a51-4d8e-9a57-1c2d3e4f5a6b";
const decodeUpload = decodeStrict(MobileSessionUpload, MOBILE_SESSION_FIELD_CODES);
const gameTypeArb = fc.constantFrom(...GAME_TYPES);
/** The shared 2-core machine can be ten times slower than a quiet one. */
const PROPERTY_TIMEOUT = 90_000;

/** A detail payload as the app would send it, decoded; payloads whose generated text the wire refuses are skipped. */
const uploadOf = (detail: (typeof SESSION_DETAIL_EXAMPLES)[GameType]) => {
  const body = uploadFromDetail(detail, { clientSessionId: CLIENT_ID, levelId: 7, endTime: detail.start_time });
  return decodeUpload(body);
};

describe("assignmentChoice", () => {
  const level = fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined });
  const difficulty = fc.option(fc.constantFrom(...DIFFICULTY_ORDER), { nil: undefined });

  test.prop([level, level, difficulty])("accepts exactly one way of naming the assignment", (levelId, gameId, level) => {
    const body = {
      ...(levelId === undefined ? {} : { patient_game_level_id: levelId as never }),
      ...(gameId === undefined ? {} : { game_id: gameId as never }),
      ...(level === undefined ? {} : { difficulty: level }),
    };
    const choice = assignmentChoice(body);
    const byLevel = levelId !== undefined && gameId === undefined && level === undefined;
    const byGame = levelId === undefined && gameId !== undefined && level !== undefined;
    expect(choice.ok).toBe(byLevel || byGame);
    if (choice.ok) expect(choice.value).toEqual(byLevel ? { kind: "level", levelId } : { kind: "game", gameId, difficulty: level });
    else expect(choice.field).toMatch(/^(patient_game_level_id|game_id|difficulty)$/);
  });

  it("asks for the level when nothing names it", () => {
    expect(assignmentChoice({})).toMatchObject({ ok: false, code: "ERROR_003", field: "patient_game_level_id", message: "The patient_game_level_id is required" });
  });
});

describe("sessionTiming", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: now.getTime() + 3_600_000 });

  test.prop([instant, instant])("takes a session that starts before it ends, lasts a day at most and is not in the future", (a, b) => {
    const timing = sessionTiming(new Date(a).toISOString(), new Date(b).toISOString(), now);
    const valid = a <= b && b - a <= MOBILE_SESSION_LIMITS.sessionSeconds * 1000 && b <= now.getTime() + MOBILE_SESSION_LIMITS.clockSkewSeconds * 1000;
    expect(timing.ok).toBe(valid);
    if (timing.ok) {
      expect(Math.abs(timing.value.durationSeconds - (b - a) / 1000)).toBeLessThanOrEqual(0.05);
      expect(timing.value.start.getTime()).toBe(a);
    } else if (a > b) {
      expect(timing).toMatchObject({ code: "ERROR_034", field: "start_time" });
    } else {
      expect(timing).toMatchObject({ code: "ERROR_056", field: "end_time" });
    }
  });

  it("reads offsets: 10:00+02:00 is 08:00Z", () => {
    const timing = sessionTiming("2026-03-01T10:00:00+02:00", "2026-03-01T08:01:30Z", now);
    expect(timing.ok && timing.value.durationSeconds).toBe(90);
  });

  it("refuses a start before 2000", () => {
    expect(sessionTiming("1999-12-31T23:59:59Z", "2000-01-01T00:00:10Z", now)).toMatchObject({ ok: false, field: "start_time" });
  });
});

const challenge = (order: number, attemptNumbers: readonly number[]): UploadChallenge => ({
  order,
  content: {},
  attempts: attemptNumbers.map((attempt_number) => ({
    attempt_number,
    score: 1,
    score_details: { is_correct: true, transcription: null, ai_feedback: null },
    hints_used: null,
    time_seconds: null,
    response_audio_url: null,
    attempt_data: {},
    created_at: "2026-03-01T10:00:00Z",
  })),
});

describe("checkSessionShape", () => {
  test.prop([fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 6 })])(
    "refuses the first repeated challenge order and attempt number, at its path",
    (orders, numbers) => {
      const challenges = orders.map((order) => challenge(order, numbers));
      const shape = checkSessionShape(challenges);
      const firstRepeatedOrder = orders.findIndex((order, index) => orders.indexOf(order) !== index);
      const firstRepeatedNumber = numbers.findIndex((number, index) => numbers.indexOf(number) !== index);
      if (firstRepeatedNumber >= 0) {
        // The first challenge's attempts already repeat a number, unless an order repeats before that is read.
        expect(shape).toMatchObject({ ok: false, field: `challenges_in_session.0.attempts.${firstRepeatedNumber}.attempt_number` });
      } else if (firstRepeatedOrder >= 0) {
        expect(shape).toMatchObject({ ok: false, field: `challenges_in_session.${firstRepeatedOrder}.order` });
      } else {
        expect(shape).toEqual({ ok: true, value: { attempts: orders.length * numbers.length } });
      }
    },
  );

  it("refuses more attempts than a session may hold", () => {
    const numbers = Array.from({ length: 20 }, (_, index) => index + 1);
    const full = Array.from({ length: 25 }, (_, index) => challenge(index + 1, numbers));
    expect(checkSessionShape(full)).toEqual({ ok: true, value: { attempts: 500 } });
    expect(checkSessionShape([...full, challenge(26, [1])])).toMatchObject({ ok: false, field: "challenges_in_session" });
  });
});

describe("checkGameParts", () => {
  it.each(GAME_TYPES)("takes the documented %s example as its own game's session", (gameType) => {
    const upload = uploadOf(SESSION_DETAIL_EXAMPLES[gameType]);
    expect(upload.ok).toBe(true);
    if (upload.ok) expect(checkGameParts(gameType, upload.value.challenges_in_session)).toEqual({ ok: true, value: gameType });
  });

  test.prop([gameTypeArb.chain((gameType) => fc.tuple(fc.constant(gameType), uploadArb(gameType)))], { numRuns: 120 })(
    "takes every session of each game type as that game's, however its challenges and attempts vary",
    ([gameType, body]) => {
      const upload = decodeUpload(body);
      expect(upload.ok).toBe(true);
      if (upload.ok) expect(checkGameParts(gameType, upload.value.challenges_in_session)).toEqual({ ok: true, value: gameType });
    },
    PROPERTY_TIMEOUT,
  );

  it("refuses a key the game's attempt_data does not have, at its path", () => {
    const upload = uploadOf(SESSION_DETAIL_EXAMPLES.verbal_fluency);
    if (!upload.ok) throw new Error("example does not decode");
    const [first, ...rest] = upload.value.challenges_in_session;
    if (first === undefined) throw new Error("no challenge");
    const [attempt, ...others] = first.attempts;
    if (attempt === undefined) throw new Error("no attempt");
    const bad = [{ ...first, attempts: [{ ...attempt, attempt_data: { ...attempt.attempt_data, extra: 1 } }, ...others] }, ...rest];
    expect(checkGameParts("verbal_fluency", bad)).toMatchObject({ ok: false, code: "ERROR_056", field: "challenges_in_session.0.attempts.0.attempt_data.extra" });
  });

  it("refuses one game's challenges as another's: a memory grid is no naming item", () => {
    const upload = uploadOf(SESSION_DETAIL_EXAMPLES.memory_grid);
    if (!upload.ok) throw new Error("example does not decode");
    expect(checkGameParts("naming", upload.value.challenges_in_session)).toMatchObject({ ok: false, field: "challenges_in_session.0.content.object_name" });
  });

  it("refuses a game type the portal does not know", () => {
    expect(checkGameParts("karaoke", [])).toMatchObject({ ok: false, code: "ERROR_052", field: "game_id" });
  });
});

describe("uploadTotals", () => {
  test.prop([gameTypeArb.chain((gameType) => fc.tuple(fc.constant(gameType), uploadArb(gameType)))], { numRuns: 100 })(
    "are the figures a correction would recompute from the stored attempts (the same rule, whatever ids the rows get)",
    ([gameType, body]) => {
      const upload = decodeUpload(body);
      if (!upload.ok) throw new Error(upload.message);
      const stored = upload.value.challenges_in_session.map((item, index) => ({ id: 1000 + index * 7, item }));
      const recomputed = sessionTotals(
        gameType,
        stored.map((row) => row.id),
        stored.flatMap((row) => row.item.attempts.map((attempt) => ({ challengeId: row.id, score: attempt.score, isCorrect: attempt.score_details.is_correct, attemptData: attempt.attempt_data }))),
      );
      expect(uploadTotals(gameType, upload.value.challenges_in_session)).toEqual(recomputed);
    },
    PROPERTY_TIMEOUT,
  );
});

describe("checkUpload", () => {
  it("answers the timing before the shape and the shape before the game's parts", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const base = { client_session_id: CLIENT_ID, patient_game_level_id: 1 as never, start_time: "2026-03-01T10:00:00Z", end_time: "2026-03-01T10:05:00Z" };
    const repeated = [challenge(1, [1]), challenge(1, [1])];
    expect(checkUpload({ ...base, end_time: "2026-03-01T09:00:00Z", challenges_in_session: repeated }, "naming", now)).toMatchObject({ code: "ERROR_034" });
    expect(checkUpload({ ...base, challenges_in_session: repeated }, "naming", now)).toMatchObject({ field: "challenges_in_session.1.order" });
    expect(checkUpload({ ...base, challenges_in_session: [challenge(1, [1])] }, "naming", now)).toMatchObject({ field: "challenges_in_session.0.content.object_name" });
    const ok = checkUpload({ ...base, challenges_in_session: [{ ...challenge(1, [1, 2]), content: { object_name: "apple", image_url: null } }] }, "naming", now);
    expect(ok).toMatchObject({ ok: true, value: { durationSeconds: 300, totalScore: 2, accuracyPercentage: 100, attempts: 2, gameType: "naming" } });
  });
});

describe("MobileSessionUpload", () => {
  it("takes 0 or at least a millionth in the real columns, never a value they cannot hold", () => {
    const body = uploadFromDetail(SESSION_DETAIL_EXAMPLES.naming, { clientSessionId: CLIENT_ID, levelId: 7, endTime: SESSION_DETAIL_EXAMPLES.naming.start_time });
    const [first] = body.challenges_in_session;
    const [attempt] = first?.attempts ?? [];
    if (first === undefined || attempt === undefined) throw new Error("example without attempts");
    const withAttempt = (change: object) => ({ ...body, challenges_in_session: [{ ...first, attempts: [{ ...attempt, ...change }] }] });
    for (const tiny of [5e-324, 1e-40, 1e-7]) {
      expect(decodeUpload(withAttempt({ time_seconds: tiny }))).toMatchObject({ ok: false, field: "challenges_in_session.0.attempts.0.time_seconds" });
      expect(decodeUpload(withAttempt({ score: tiny }))).toMatchObject({ ok: false, field: "challenges_in_session.0.attempts.0.score" });
    }
    expect(decodeUpload(withAttempt({ time_seconds: 0, score: 0.000001 })).ok).toBe(true);
  });
});
