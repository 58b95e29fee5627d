import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { type SessionDetailJson, SessionDetailWire } from "../session-detail-wire.ts";
import { DIFFICULTY_ORDER } from "../../shared/games/difficulty.ts";
import { GAME_TYPES, gameTypeName } from "../../shared/games/game-type.ts";
import { mapSessionDetail, mapSessionDetailAs } from "./map-session-detail.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.ts";

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
