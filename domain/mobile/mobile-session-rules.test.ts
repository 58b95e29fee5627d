import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { GAME_TYPES, type GameType } from "../shared/games/game-type.ts";
import { DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { decodeStrict } from "../shared/wire/decode.ts";
import { sessionTotals } from "../session-review/index.ts";
import { SESSION_DETAIL_EXAMPLES } from "../session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { MOBILE_SESSION_LIMITS } from "./mobile-session-limits.ts";
import { assignmentChoice, checkAttemptTimes, checkGameParts, checkSessionShape, checkUpload, decodeGameParts, sessionTiming, uploadTotals } from "./mobile-session-rules.ts";
import { MOBILE_SESSION_FIELD_CODES, MobileSessionUpload, type UploadChallenge } from "./mobile-session-wire.ts";
import { uploadFromDetail } from "./upload-from-detail.ts";
import { uploadArb } from "./upload.arbitraries.test-helper.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";

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

  test.prop([gameTypeArb.chain((gameType) => fc.tuple(fc.constant(gameType), uploadArb(gameType)))], { numRuns: fuzzRuns(40) })(
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
  test.prop([gameTypeArb.chain((gameType) => fc.tuple(fc.constant(gameType), uploadArb(gameType)))], { numRuns: fuzzRuns(40) })(
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

// Issue 31, item 9 (docs/mobile-api.md, "Attempt times", "Texts", "Content").
describe("checkAttemptTimes", () => {
  const start = Date.UTC(2026, 2, 1, 10, 0, 0);
  const tolerance = MOBILE_SESSION_LIMITS.attemptTimeToleranceSeconds * 1000;
  const attemptsAt = (instants: readonly number[]): UploadChallenge[] => [
    { ...challenge(1, instants.map((_, index) => index + 1)), attempts: challenge(1, instants.map((_, index) => index + 1)).attempts.map((attempt, index) => ({ ...attempt, created_at: new Date(instants[index] ?? 0).toISOString() })) },
  ];

  test.prop([fc.integer({ min: 0, max: 3_600_000 }), fc.array(fc.integer({ min: -2 * 3_600_000, max: 2 * 3_600_000 }), { minLength: 1, maxLength: 20 })])(
    "takes attempts made from the session's start to its end, give or take the tolerance, and names the first one outside",
    (length, offsets) => {
      const end = start + length;
      const instants = offsets.map((offset) => start + offset);
      const result = checkAttemptTimes(attemptsAt(instants), { start: new Date(start), end: new Date(end) });
      const firstOutside = instants.findIndex((at) => at < start - tolerance || at > end + tolerance);
      if (firstOutside < 0) expect(result).toEqual({ ok: true, value: { attempts: instants.length } });
      else expect(result).toMatchObject({ ok: false, code: "ERROR_056", field: `challenges_in_session.0.attempts.${firstOutside}.created_at` });
    },
  );

  it("holds the tolerance to the millisecond at both ends", () => {
    const window = { start: new Date(start), end: new Date(start + 300_000) };
    expect(checkAttemptTimes(attemptsAt([start - tolerance, start + 300_000 + tolerance]), window).ok).toBe(true);
    expect(checkAttemptTimes(attemptsAt([start - tolerance - 1]), window).ok).toBe(false);
    expect(checkAttemptTimes(attemptsAt([start + 300_000 + tolerance + 1]), window).ok).toBe(false);
  });

  it("is answered by checkUpload after the session's timing: an attempt in 2001 or a year ahead is refused at its path", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const base = { client_session_id: CLIENT_ID, patient_game_level_id: 1 as never, start_time: "2026-03-01T10:00:00Z", end_time: "2026-03-01T10:05:00Z" };
    const naming = { object_name: "apple", image_url: null };
    for (const createdAt of ["2001-03-01T10:01:00Z", "2027-03-01T10:01:00Z"]) {
      const played = challenge(1, [1, 2]);
      const [first, second] = played.attempts;
      if (first === undefined || second === undefined) throw new Error("no attempts");
      const result = checkUpload({ ...base, challenges_in_session: [{ ...played, content: naming, attempts: [first, { ...second, created_at: createdAt }] }] }, "naming", now);
      expect(result).toMatchObject({ ok: false, code: "ERROR_056", message: "The field is not valid", field: "challenges_in_session.0.attempts.1.created_at" });
    }
  });
});

describe("decodeGameParts", () => {
  test.prop([gameTypeArb.chain((gameType) => fc.tuple(fc.constant(gameType), uploadArb(gameType))), fc.string({ minLength: 1, maxLength: 12 })], { numRuns: fuzzRuns(25) })(
    "stores each challenge's content as its game reads it: a key the game does not have is dropped",
    ([gameType, body], key) => {
      const upload = decodeUpload(body);
      if (!upload.ok) throw new Error(upload.message);
      const clean = decodeGameParts(gameType, upload.value.challenges_in_session);
      const padded = decodeGameParts(
        gameType,
        upload.value.challenges_in_session.map((item) => ({ ...item, content: { ...item.content, [`x-${key}`]: { padding: "x".repeat(500) } } })),
      );
      expect(clean.ok && padded.ok).toBe(true);
      if (clean.ok && padded.ok) {
        expect(padded.value).toEqual(clean.value);
        for (const item of padded.value.challenges) expect(Object.keys(item.content)).not.toContain(`x-${key}`);
      }
    },
    PROPERTY_TIMEOUT,
  );

  it.each(["naming", "memory_grid", "parrot"] as const)("refuses any key in a %s attempt_data, which is {}, at its path", (gameType) => {
    const upload = uploadOf(SESSION_DETAIL_EXAMPLES[gameType]);
    if (!upload.ok) throw new Error("example does not decode");
    const [first, ...rest] = upload.value.challenges_in_session;
    const [attempt, ...others] = first?.attempts ?? [];
    if (first === undefined || attempt === undefined) throw new Error("no attempt");
    expect(decodeGameParts(gameType, upload.value.challenges_in_session).ok).toBe(true);
    const bad = [{ ...first, attempts: [{ ...attempt, attempt_data: { padding: "x".repeat(500) } }, ...others] }, ...rest];
    expect(decodeGameParts(gameType, bad)).toMatchObject({ ok: false, code: "ERROR_056", field: "challenges_in_session.0.attempts.0.attempt_data.padding" });
  });

  it("keeps nothing of a chit-chat content: the game has no item", () => {
    const played = { ...challenge(1, [1]), content: { topic: "gardening", transcript: "y".repeat(10_000) } };
    const [attempt] = played.attempts;
    if (attempt === undefined) throw new Error("no attempt");
    const decoded = decodeGameParts("chitchat_ai", [{ ...played, attempts: [{ ...attempt, score: null, attempt_data: { ai_recording_url: null, final_stats: null } }] }]);
    expect(decoded.ok && decoded.value.challenges[0]?.content).toEqual({});
  });

  it("drops invisible direction and width characters from every text of content and attempt_data, and keeps the joiners words spell with", () => {
    const social = {
      ...challenge(1, [1]),
      content: { situation: "A neigh\u200bbour waves.", question: "What do you say?", expected_behavior: "Greet them.", options: ["Wave\u202e back", "Ignore them"] },
    };
    const [socialAttempt] = social.attempts;
    if (socialAttempt === undefined) throw new Error("no attempt");
    const decodedSocial = decodeGameParts("social_situations", [{ ...social, attempts: [{ ...socialAttempt, attempt_data: { selected_option: "Wave\u202e back" } }] }]);
    if (!decodedSocial.ok) throw new Error(decodedSocial.message);
    const [storedSocial] = decodedSocial.value.challenges;
    expect(storedSocial?.content).toEqual({ situation: "A neighbour waves.", question: "What do you say?", expected_behavior: "Greet them.", options: ["Wave back", "Ignore them"] });
    expect(storedSocial?.attempts[0]?.attempt_data).toEqual({ selected_option: "Wave back" });

    const fluency = { ...challenge(1, [1]), content: { indication_type: "category", indication: "Ani\u2060mals" } };
    const [fluencyAttempt] = fluency.attempts;
    if (fluencyAttempt === undefined) throw new Error("no attempt");
    const words = { spoken_words: { correct_words: ["\ufeffcat", "d\u200bog", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645"], wrong_words: ["ta\u2066ble\u2069"] } };
    const decodedFluency = decodeGameParts("verbal_fluency", [{ ...fluency, attempts: [{ ...fluencyAttempt, attempt_data: words }] }]);
    if (!decodedFluency.ok) throw new Error(decodedFluency.message);
    expect(decodedFluency.value.challenges[0]?.content).toEqual({ indication_type: "category", indication: "Animals" });
    expect(decodedFluency.value.challenges[0]?.attempts[0]?.attempt_data).toEqual({
      spoken_words: { correct_words: ["cat", "dog", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645"], wrong_words: ["table"] },
    });
  });
});

describe("MobileSessionUpload texts", () => {
  const body = uploadFromDetail(SESSION_DETAIL_EXAMPLES.naming, { clientSessionId: CLIENT_ID, levelId: 7, endTime: SESSION_DETAIL_EXAMPLES.naming.start_time });
  const withScoreDetails = (scoreDetails: object) => {
    const [first] = body.challenges_in_session;
    const [attempt] = first?.attempts ?? [];
    if (first === undefined || attempt === undefined) throw new Error("example without attempts");
    return { ...body, challenges_in_session: [{ ...first, attempts: [{ ...attempt, score_details: { ...attempt.score_details, ...scoreDetails } }] }] };
  };

  test.prop([fc.stringMatching(/^[A-Za-z ,.'-]{0,40}$/), fc.array(fc.constantFrom("\u200b", "\u202e", "\u2066", "\u2069", "\ufeff", "\u200e", "\u2060"), { maxLength: 5 }), fc.nat(40)])(
    "drops invisible direction and width characters from a transcription and the AI's feedback, wherever they sit, and nothing else",
    (text, invisible, at) => {
      const position = Math.min(at, text.length);
      const sent = `${text.slice(0, position)}${invisible.join("")}${text.slice(position)}`;
      const decoded = decodeUpload(withScoreDetails({ transcription: sent, ai_feedback: sent }));
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.value.challenges_in_session[0]?.attempts[0]?.score_details).toMatchObject({ transcription: text, ai_feedback: text });
    },
  );

  it("bounds a transcription once its invisible characters are gone", () => {
    const longest = "a".repeat(MOBILE_SESSION_LIMITS.transcriptionLength);
    expect(decodeUpload(withScoreDetails({ transcription: `${longest}\u200b` })).ok).toBe(true);
    expect(decodeUpload(withScoreDetails({ transcription: `${longest}a` }))).toMatchObject({ ok: false, field: "challenges_in_session.0.attempts.0.score_details.transcription" });
  });
});
