import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { type SessionDetailJson, SessionDetailWire } from "../session-detail-wire.ts";
import { roundToOneDecimal } from "../../shared/format/round.ts";
import { DIFFICULTY_ORDER } from "../../shared/games/difficulty.ts";
import { GAME_TYPES, gameTypeName } from "../../shared/games/game-type.ts";
import { mapSessionDetail, mapSessionDetailAs } from "./map-session-detail.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const decode = (input: unknown) => Schema.decodeUnknownSync(SessionDetailWire)(input);
const examples = GAME_TYPES.map((type) => SESSION_DETAIL_EXAMPLES[type]);

describe("mapSessionDetail", () => {
  test.each(GAME_TYPES)("the %s example maps with its own rules", (type) => {
    const result = mapSessionDetail(decode(SESSION_DETAIL_EXAMPLES[type]));
    expect(result.ok && result.value.gameType).toBe(type);
  });

  test("a game type the portal does not know is unsupported", () => {
    const chess = decode({ ...SESSION_DETAIL_EXAMPLES.naming, game_info: { id: 9, name: "Chess", type: "chess" } });
    expect(mapSessionDetail(chess)).toEqual({ ok: false, code: "ERROR_001", message: "Unsupported game type" });
  });

  test("a session opened from another game's page is invalid for that game", () => {
    expect(mapSessionDetailAs("parrot", decode(SESSION_DETAIL_EXAMPLES.naming))).toEqual({
      ok: false,
      code: "ERROR_001",
      message: "Invalid Parrot session",
    });
    expect(mapSessionDetailAs("chitchat_ai", decode(SESSION_DETAIL_EXAMPLES.parrot))).toMatchObject({ message: "Invalid AI chit-chat session" });
    expect(mapSessionDetailAs("naming", decode(SESSION_DETAIL_EXAMPLES.naming)).ok).toBe(true);
    expect(mapSessionDetailAs("chess", decode(SESSION_DETAIL_EXAMPLES.naming))).toMatchObject({ message: "Unsupported game type" });
  });

  test("challenges are shown in play order whatever order they arrive in", () => {
    const reversed = { ...SESSION_DETAIL_EXAMPLES.parrot, challenges_in_session: [...SESSION_DETAIL_EXAMPLES.parrot.challenges_in_session].reverse() };
    const result = mapSessionDetail(decode(reversed));
    expect(result.ok && result.value.challenges.map((row) => row.groupIdentifier)).toEqual([9001, 9002]);
  });

  const change = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null });

  test.prop([fc.constantFrom(...examples), change, change, change, change, change, change, change, change, change])(
    "every statistic is shown with at most one decimal",
    (example, a, b, c, d, e, f, g, h, words) => {
      const input: SessionDetailJson = {
        ...example,
        total_score: a,
        total_score_percentage_change: b,
        accuracy_percentage: c,
        accuracy_percentage_change: d,
        total_session_duration: e,
        total_session_duration_percentage_change: f,
        avg_duration_per_content: g,
        avg_duration_per_content_percentage_change: h,
        game_metrics: { words_count: words, success_rate: words },
      };
      const result = mapSessionDetail(decode(input));
      if (!result.ok) throw new Error(result.message);
      const { averageUnit: _unit, ...numbers } = result.value.statistics;
      for (const value of Object.values(numbers)) {
        if (value !== null) expect(String(value)).toMatch(/^-?\d+(\.\d)?$/);
      }
    },
  );

  test.prop([fc.constantFrom(SESSION_DETAIL_EXAMPLES.pill_sorting, SESSION_DETAIL_EXAMPLES.chitchat_ai), fc.constantFrom(...DIFFICULTY_ORDER)])(
    "pill sorting and AI chit-chat always read easy whatever the wire says",
    (example, difficulty) => {
      const result = mapSessionDetail(decode({ ...example, difficulty }));
      expect(result.ok && result.value.difficulty).toBe("easy");
    },
  );

  test.prop([fc.constantFrom(...GAME_TYPES.filter((type) => type !== "pill_sorting" && type !== "chitchat_ai")), fc.constantFrom(...DIFFICULTY_ORDER)])(
    "other games keep the level the wire says",
    (type, difficulty) => {
      const result = mapSessionDetail(decode({ ...SESSION_DETAIL_EXAMPLES[type], difficulty }));
      expect(result.ok && result.value.difficulty).toBe(difficulty);
    },
  );

  const anyContent = fc.oneof(
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })),
    fc.constantFrom(...examples.flatMap((example) => example.challenges_in_session.map((challenge) => challenge.content))),
  );
  const anyAttemptData = fc.oneof(
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })),
    fc.constantFrom(
      ...examples.flatMap((example) =>
        example.challenges_in_session.flatMap((challenge) => challenge.attempts.map((attempt) => attempt.attempt_data)),
      ),
    ),
  );

  test.prop([fc.constantFrom(...examples), fc.constantFrom(...GAME_TYPES, "chess", ""), fc.constantFrom(...DIFFICULTY_ORDER), anyContent, anyAttemptData])(
    "mapping never throws on a decoded session, and fails only with the two documented messages",
    (example, type, difficulty, content, attemptData) => {
      const input = {
        ...example,
        difficulty,
        game_info: { ...example.game_info, type },
        challenges_in_session: example.challenges_in_session.map((challenge) => ({
          ...challenge,
          content,
          attempts: challenge.attempts.map((attempt) => ({ ...attempt, attempt_data: attemptData })),
        })),
      };
      const result = mapSessionDetail(decode(input));
      if (!result.ok) {
        const allowed = ["Unsupported game type", ...GAME_TYPES.map((game) => `Invalid ${gameTypeName(game)} session`)];
        expect(allowed).toContain(result.message);
        expect(result.code).toBe("ERROR_001");
      }
    },
  );
});

describe("corrections", () => {
  const author = { id: 4, first_name: "Dana", last_name: "Reyes", email: "dana@example.org" };
  const withCorrection = (type: (typeof GAME_TYPES)[number], correction: unknown): SessionDetailJson => {
    const example = SESSION_DETAIL_EXAMPLES[type];
    const [first, ...rest] = example.challenges_in_session;
    if (first === undefined) throw new Error("example without challenges");
    const [attempt, ...others] = first.attempts;
    if (attempt === undefined) throw new Error("example without attempts");
    return { ...example, challenges_in_session: [{ ...first, attempts: [{ ...attempt, correction } as typeof attempt, ...others] }, ...rest] };
  };

  test.prop([fc.constantFrom(...GAME_TYPES), fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), fc.option(fc.boolean(), { nil: null })])(
    "a corrected attempt names its corrector and keeps the machine's original, rounded like any score",
    (type, score, isCorrect) => {
      const original = { score, is_correct: isCorrect, transcription: null, correct_words: ["cat"], wrong_words: null };
      const result = mapSessionDetail(decode(withCorrection(type, { corrected_by: author, corrected_at: "2026-11-20T10:00:00Z", original })));
      const row = result.ok ? result.value.challenges[0] : undefined;
      expect(row?.correction?.correctedBy.lastName).toBe("Reyes");
      expect(row?.correction?.correctedAt).toBe("2026-11-20T10:00:00Z");
      expect(row?.correction?.original.score).toBe(score === null ? null : roundToOneDecimal(score));
      expect(row?.correction?.original.isCorrect).toBe(isCorrect);
      expect(row?.correction?.original.words).toEqual(["cat"]);
    },
  );

  test.each(GAME_TYPES)("an uncorrected %s attempt, or one from a server that does not say, has no correction", (type) => {
    const explicit = mapSessionDetail(decode(withCorrection(type, null)));
    const silent = mapSessionDetail(decode(SESSION_DETAIL_EXAMPLES[type]));
    expect(explicit.ok && explicit.value.challenges[0]?.correction).toBeNull();
    expect(silent.ok && silent.value.challenges[0]?.correction).toBeNull();
  });
});
