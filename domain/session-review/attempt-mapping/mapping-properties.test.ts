import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { type SessionDetailJson, SessionDetailWire } from "../session-detail-wire.ts";
import { DIFFICULTY, DIFFICULTY_ORDER } from "../../shared/games/difficulty.ts";
import { GAME_TYPE, GAME_TYPES, type GameType, gameTypeName, isGameType } from "../../shared/games/game-type.ts";
import { type AttemptRowKind, ROW_KIND } from "./attempt-row.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { type AttemptRow, mapSessionDetail, mapSessionDetailAs } from "./map-session-detail.ts";
import type { SessionView } from "./session-view.ts";
import { type AttemptJson, type ChallengeJson, sessionPayloadArb } from "./session-payload.arbitraries.test-helper.ts";
import { fuzzRuns } from "../../shared/testing/fuzz-budget.test-helper.ts";

/**
 * Issue 12: every game's mapping, checked against server payloads generated from
 * docs/attempt-mapping.md rather than against the one hand-written example per game.
 */

const RUNS = { numRuns: fuzzRuns(50) };
const decode = (input: unknown) => Schema.decodeUnknownSync(SessionDetailWire)(input);

const mapped = (payload: SessionDetailJson): SessionView<AttemptRow> => {
  const result = mapSessionDetail(decode(payload));
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value;
};

const invalidSession = (type: GameType) => ({ ok: false, code: "ERROR_001", message: `Invalid ${gameTypeName(type)} session` });

/** The docs say challenges arrive in any order and are shown by `order`; attempts arrive, and stay, in play order. */
const inPlayOrder = (payload: SessionDetailJson): ReadonlyArray<{ challenge: ChallengeJson; attempt: AttemptJson }> =>
  [...payload.challenges_in_session]
    .sort((a, b) => a.order - b.order)
    .flatMap((challenge) => challenge.attempts.map((attempt) => ({ challenge, attempt })));

/** Which table a row of this challenge belongs to (docs section 3). */
const expectedKind = (type: GameType, payload: SessionDetailJson, challenge: ChallengeJson): AttemptRowKind => {
  switch (type) {
    case GAME_TYPE.medicationManagement:
      return challenge.content["variant"] === "image" ? ROW_KIND.medicationImage : ROW_KIND.medicationDirections;
    case GAME_TYPE.socialSituations:
      return payload.difficulty === DIFFICULTY.easy ? ROW_KIND.socialEasy : ROW_KIND.socialOpen;
    default:
      return type;
  }
};

/** Keys each game's `content` must have (medication: of either variant); chit-chat content is `{}`. */
const REQUIRED_CONTENT_KEYS: Partial<Record<GameType, ReadonlyArray<string>>> = {
  naming: ["object_name", "image_url"],
  memory_grid: ["pattern"],
  medication_management: ["variant", "pill_prescription_image_url", "pill_bottle_image_url", "question", "prescription"],
  social_situations: ["situation", "question", "expected_behavior", "options"],
  verbal_fluency: ["indication_type", "indication"],
  pill_sorting: ["prescription"],
  parrot: ["object_name"],
};

/** Keys each game's `attempt_data` must have; the games left out send `{}` (or, social situations, an optional key). */
const REQUIRED_ATTEMPT_DATA_KEYS: Partial<Record<GameType, ReadonlyArray<string>>> = {
  medication_management: ["answer", "pill_count"],
  verbal_fluency: ["spoken_words"],
  pill_sorting: ["answer", "weekly_schedule", "total_attempts"],
  chitchat_ai: ["ai_recording_url", "final_stats"],
};

type Spoil = { readonly pick: number; readonly missing: boolean };
const spoilArb: fc.Arbitrary<Spoil> = fc.record({ pick: fc.nat(), missing: fc.boolean() });

/** A required key left out, or sent as a boolean (no content or attempt_data field of any game is a boolean). */
const spoilObject = (object: { readonly [key: string]: unknown }, required: ReadonlyArray<string>, spoil: Spoil) => {
  const present = required.filter((key) => key in object);
  const key = present[spoil.pick % present.length] ?? "";
  const { [key]: _dropped, ...rest } = object;
  return spoil.missing ? rest : { ...rest, [key]: true };
};

const withChallenge = (payload: SessionDetailJson, index: number, change: (challenge: ChallengeJson) => ChallengeJson): SessionDetailJson => ({
  ...payload,
  challenges_in_session: payload.challenges_in_session.map((challenge, at) => (at === index ? change(challenge) : challenge)),
});

describe.each(GAME_TYPES)("%s sessions as the server sends them", (type) => {
  const payloadArb = sessionPayloadArb(type);

  test.prop([payloadArb], RUNS)("decode and map with their own game's rules", (payload) => {
    const view = mapped(payload);
    expect(view.gameType).toBe(type);
    expect(view.id).toBe(payload.id);
    expect(view.gameName).toBe(payload.game_info.name);
    expect(view.isActive).toBe(payload.is_active);
  });

  test.prop([payloadArb], RUNS)("every attempt is exactly one row, challenges by order, attempts as sent", (payload) => {
    expect(mapped(payload).challenges.map((row) => row.id)).toEqual(inPlayOrder(payload).map(({ attempt }) => attempt.id));
  });

  test.prop([payloadArb], RUNS)("a row carries its challenge, its flags, its notes and its score to one decimal", (payload) => {
    const carried = mapped(payload).challenges.map((row) => ({
      groupIdentifier: row.groupIdentifier,
      kind: row.kind,
      isEditable: row.isEditable,
      isCorrect: row.isCorrect,
      noteIds: row.notes.map((note) => note.id),
    }));
    const sent = inPlayOrder(payload).map(({ challenge, attempt }) => ({
      groupIdentifier: challenge.id,
      kind: expectedKind(type, payload, challenge),
      isEditable: attempt.is_editable,
      isCorrect: attempt.score_details.is_correct,
      noteIds: attempt.notes.map((note) => note.id),
    }));
    expect(carried).toEqual(sent);
  });

  test.prop([payloadArb], RUNS)("a score is shown to one decimal, within half a tenth of the score sent", (payload) => {
    const scores = mapped(payload).challenges.map((row) => row.score);
    inPlayOrder(payload).forEach(({ attempt }, index) => {
      const shown = scores[index];
      if (attempt.score === null || shown === null || shown === undefined) {
        expect(shown).toBe(attempt.score);
        return;
      }
      expect(String(shown)).toMatch(/^\d(\.\d)?$/);
      expect(Math.abs(shown - attempt.score)).toBeLessThanOrEqual(0.05 + 1e-9);
    });
  });

  test.prop([payloadArb], RUNS)("every row has one cell per column, ending with Score, Result, SLP Notes and Actions", (payload) => {
    for (const row of mapped(payload).challenges) {
      const headers = attemptColumnHeaders(row.kind);
      const cells = attemptCells(row);
      expect(cells.map((cell) => cell.display)).toEqual(headers.map((header) => header.display));
      expect(headers.slice(-4).map((header) => header.label)).toEqual(["Score", "Result", "SLP Notes", "Actions"]);
      expect(cells.slice(-3)).toEqual([
        { display: "boolean", value: row.isCorrect },
        { display: "slp-notes", attemptId: row.id, notes: row.notes },
        { display: "actions", attemptId: row.id, editable: row.isEditable },
      ]);
    }
  });

  test.prop([payloadArb, fc.constantFrom(...GAME_TYPES.filter((other) => other !== type))], RUNS)(
    "opened from another game's page it reads 'Invalid <that game> session'",
    (payload, other) => {
      expect(mapSessionDetailAs(other, decode(payload))).toEqual(invalidSession(other));
      expect(mapSessionDetailAs(type, decode(payload)).ok).toBe(true);
    },
  );

  test.prop([payloadArb, fc.string().filter((name) => !isGameType(name))], RUNS)(
    "under a game type the portal does not know it reads 'Unsupported game type'",
    (payload, unknownType) => {
      const renamed = { ...payload, game_info: { ...payload.game_info, type: unknownType } };
      expect(mapSessionDetail(decode(renamed))).toEqual({ ok: false, code: "ERROR_001", message: "Unsupported game type" });
    },
  );

  const requiredContent = REQUIRED_CONTENT_KEYS[type];
  if (requiredContent !== undefined) {
    test.prop([sessionPayloadArb(type, { minChallenges: 1 }), fc.nat(), spoilArb], RUNS)(
      "one challenge whose content has the wrong shape makes the whole session invalid",
      (payload, at, spoil) => {
        const index = at % payload.challenges_in_session.length;
        const spoiled = withChallenge(payload, index, (challenge) => ({
          ...challenge,
          content: spoilObject(challenge.content, requiredContent, spoil),
        }));
        expect(mapSessionDetail(decode(spoiled))).toEqual(invalidSession(type));
      },
    );
  }

  const requiredAttemptData = REQUIRED_ATTEMPT_DATA_KEYS[type];
  if (requiredAttemptData !== undefined) {
    test.prop([sessionPayloadArb(type, { minChallenges: 1 }), fc.nat(), fc.nat(), spoilArb], RUNS)(
      "one attempt whose attempt_data has the wrong shape makes the whole session invalid",
      (payload, at, attemptAt, spoil) => {
        const index = at % payload.challenges_in_session.length;
        const spoiled = withChallenge(payload, index, (challenge) => ({
          ...challenge,
          attempts: challenge.attempts.map((attempt, position) =>
            position === attemptAt % challenge.attempts.length
              ? { ...attempt, attempt_data: spoilObject(attempt.attempt_data, requiredAttemptData, spoil) }
              : attempt,
          ),
        }));
        expect(mapSessionDetail(decode(spoiled))).toEqual(invalidSession(type));
      },
    );
  }
});

describe("single-level games", () => {
  test.prop(
    [fc.constantFrom(GAME_TYPE.pillSorting, GAME_TYPE.chitchatAi).chain((type) => sessionPayloadArb(type)), fc.constantFrom(...DIFFICULTY_ORDER)],
    RUNS,
  )("pill sorting and AI chit-chat read easy whatever level the server sends", (payload, difficulty) => {
    expect(mapped({ ...payload, difficulty }).difficulty).toBe(DIFFICULTY.easy);
  });

  test.prop([fc.constantFrom(...GAME_TYPES.filter((type) => type !== GAME_TYPE.pillSorting && type !== GAME_TYPE.chitchatAi)).chain((type) => sessionPayloadArb(type))], RUNS)(
    "every other game keeps the level the server sends",
    (payload) => {
      expect(mapped(payload).difficulty).toBe(payload.difficulty);
    },
  );
});
