import { fc } from "@fast-check/vitest";
import type { GameType } from "../shared/games/game-type.ts";
import { SESSION_DETAIL_EXAMPLES } from "../session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { MOBILE_SESSION_LIMITS } from "./mobile-session-limits.ts";
import { type MobileSessionUploadJson, uploadFromDetail } from "./upload-from-detail.ts";

type ChallengeJson = MobileSessionUploadJson["challenges_in_session"][number];
type AttemptJson = ChallengeJson["attempts"][number];

/** How long a generated session lasts: every example's attempts fall within it. */
const SESSION_MS = 10 * 60_000;

/**
 * Uploads of one game type as an app would send them: the documented example's challenges (each
 * game's own content and attempt_data, docs/attempt-mapping.md) picked, repeated and reordered,
 * each with 0-6 attempts, their scores, results, texts, hints and times varied within the wire's
 * bounds, played for ten minutes from `startTime` (the example's own start when not given).
 * Every one is valid; tests break them on purpose.
 */
export const uploadArb = (
  gameType: GameType,
  clientSessionId = "5b0c6a47-21f2-4c59-8a2d-6a3e0c1f9b10",
  startTime: string = SESSION_DETAIL_EXAMPLES[gameType].start_time,
): fc.Arbitrary<MobileSessionUploadJson> => {
  const endTime = new Date(new Date(startTime).getTime() + SESSION_MS).toISOString();
  const example = uploadFromDetail(SESSION_DETAIL_EXAMPLES[gameType], { clientSessionId, levelId: 1, startTime, endTime });
  const exampleAttempts = example.challenges_in_session.flatMap((challenge) => challenge.attempts);
  const attemptArb = (base: AttemptJson): fc.Arbitrary<AttemptJson> =>
    fc
      .record({
        score: fc.option(fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10), { nil: null }),
        isCorrect: fc.option(fc.boolean(), { nil: null }),
        transcription: fc.option(fc.stringMatching(/^[A-Za-zÀ-ÿ ,.'-]{0,40}$/), { nil: null }),
        hints: fc.option(fc.nat(MOBILE_SESSION_LIMITS.hints), { nil: null }),
        seconds: fc.option(fc.integer({ min: 0, max: 6000 }).map((tenths) => tenths / 10), { nil: null }),
        editable: fc.option(fc.boolean(), { nil: undefined }),
        /** When in the session the attempt was made, from its start to its end. */
        at: fc.integer({ min: 0, max: SESSION_MS }),
      })
      .map(({ score, isCorrect, transcription, hints, seconds, editable, at }) => {
        const { is_editable: _kept, ...rest } = base;
        return {
          ...rest,
          ...(editable === undefined ? {} : { is_editable: editable }),
          score,
          score_details: { ...base.score_details, is_correct: isCorrect, transcription },
          hints_used: hints,
          time_seconds: seconds,
          created_at: new Date(new Date(startTime).getTime() + at).toISOString(),
        };
      });
  const challengeArb: fc.Arbitrary<Omit<ChallengeJson, "order">> = fc
    .constantFrom(...example.challenges_in_session)
    .chain((challenge) =>
      fc.record({
        content: fc.constant(challenge.content),
        attempts: fc.array(
          fc.constantFrom(...(challenge.attempts.length > 0 ? challenge.attempts : exampleAttempts)).chain(attemptArb),
          { maxLength: 6 },
        ),
      }),
    );
  return fc.array(challengeArb, { minLength: 1, maxLength: 12 }).map((challenges) => ({
    ...example,
    challenges_in_session: challenges.map((challenge, index) => ({
      order: index + 1,
      content: challenge.content,
      attempts: challenge.attempts.map((attempt, number) => ({ ...attempt, attempt_number: number + 1 })),
    })),
  }));
};
