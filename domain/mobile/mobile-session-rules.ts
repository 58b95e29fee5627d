import * as Schema from "effect/Schema";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import type { Difficulty } from "../shared/games/difficulty.ts";
import { GAME_TYPE, type GameType, isGameType } from "../shared/games/game-type.ts";
import { type Failure, fail, type Result, succeed } from "../shared/result.ts";
import { decodeLenient, decodeStrict } from "../shared/wire/decode.ts";
import {
  ChitchatAttemptData,
  MEDICATION_VARIANT,
  MedicationContent,
  MedicationDirectionsAttemptData,
  MedicationImageAttemptData,
  MemoryGridContent,
  NamingContent,
  ParrotContent,
  PillSortingAttemptData,
  PillSortingContent,
  type SessionTotals,
  SocialSituationAttemptData,
  SocialSituationContent,
  VerbalFluencyAttemptData,
  VerbalFluencyContent,
  sessionTotals,
} from "../session-review/index.ts";
import { MOBILE_SESSION_LIMITS as LIMITS } from "./mobile-session-limits.ts";
import type { MobileSessionUpload, UploadChallenge } from "./mobile-session-wire.ts";
import { textsWithoutInvisibleCharacters } from "./upload-texts.ts";

// The rules an uploaded session must meet beyond its wire shape (docs/mobile-api.md), pure so
// they are property-tested: which assignment it names, when it was played, that its challenges
// and attempts can be stored, and that each challenge has its game's shape (the session
// detail's attempt mapping, so whatever is stored opens in the SLP's view). Each failure names
// the body path of the first bad value, as the decoder does.

const invalidAt = (field: string): Failure => fail("ERROR_056", catalogueMessage("ERROR_056"), { field, placeholders: { field_name: field } });
const requiredAt = (field: string): Failure =>
  fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: field }), { field, placeholders: { field_name: field } });

/** Which assignment a session belongs to: by its id, or the patient's live one of a game at a level. */
export type AssignmentChoice =
  | { readonly kind: "level"; readonly levelId: number }
  | { readonly kind: "game"; readonly gameId: number; readonly difficulty: Difficulty };

/** Exactly one way of naming the assignment: `patient_game_level_id`, or `game_id` with `difficulty`. */
export const assignmentChoice = (body: Pick<MobileSessionUpload, "patient_game_level_id" | "game_id" | "difficulty">): Result<AssignmentChoice> => {
  if (body.patient_game_level_id !== undefined) {
    if (body.game_id !== undefined) return invalidAt("game_id");
    if (body.difficulty !== undefined) return invalidAt("difficulty");
    return succeed({ kind: "level", levelId: body.patient_game_level_id });
  }
  if (body.game_id === undefined && body.difficulty === undefined) return requiredAt("patient_game_level_id");
  if (body.game_id === undefined) return requiredAt("game_id");
  if (body.difficulty === undefined) return requiredAt("difficulty");
  return succeed({ kind: "game", gameId: body.game_id, difficulty: body.difficulty });
};

/** The earliest start the server takes: older clocks are wrong clocks. */
export const EARLIEST_SESSION_START = Date.UTC(2000, 0, 1);

export type SessionTiming = { readonly start: Date; readonly end: Date; readonly durationSeconds: number };

/**
 * When the session was played: the start no later than the end (ERROR_034), at most a day long,
 * not ending later than the server's now plus the allowed clock skew (a phone ahead of time),
 * not before 2000. The duration is the seconds between, to one decimal.
 */
export const sessionTiming = (startTime: string, endTime: string, now: Date): Result<SessionTiming> => {
  const start = new Date(startTime);
  const end = new Date(endTime);
  if (Number.isNaN(start.getTime()) || start.getTime() < EARLIEST_SESSION_START) return invalidAt("start_time");
  if (Number.isNaN(end.getTime())) return invalidAt("end_time");
  if (start.getTime() > end.getTime()) return fail("ERROR_034", catalogueMessage("ERROR_034"), { field: "start_time" });
  if (end.getTime() - start.getTime() > LIMITS.sessionSeconds * 1000) return invalidAt("end_time");
  if (end.getTime() > now.getTime() + LIMITS.clockSkewSeconds * 1000) return invalidAt("end_time");
  return succeed({ start, end, durationSeconds: roundToOneDecimal((end.getTime() - start.getTime()) / 1000) });
};

/**
 * Every attempt was made during its session: its time lies within the session's start..end,
 * give or take LIMITS.attemptTimeToleranceSeconds (an attempt in 2001 or a year ahead is a clock
 * or app fault, and would sort the patient's history wrongly). The first one outside is refused
 * at its path (ERROR_056 on `challenges_in_session.i.attempts.j.created_at`).
 */
export const checkAttemptTimes = (
  challenges: ReadonlyArray<UploadChallenge>,
  session: Pick<SessionTiming, "start" | "end">,
): Result<{ readonly attempts: number }> => {
  const tolerance = LIMITS.attemptTimeToleranceSeconds * 1000;
  const earliest = session.start.getTime() - tolerance;
  const latest = session.end.getTime() + tolerance;
  let attempts = 0;
  for (const [index, challenge] of challenges.entries()) {
    for (const [position, attempt] of challenge.attempts.entries()) {
      const at = new Date(attempt.created_at).getTime();
      if (Number.isNaN(at) || at < earliest || at > latest) return invalidAt(`challenges_in_session.${index}.attempts.${position}.created_at`);
      attempts += 1;
    }
  }
  return succeed({ attempts });
};

/**
 * What the tables can hold: challenge orders unique in the session, attempt numbers unique in
 * a challenge, at most LIMITS.attempts attempts in all. (The wire bounds each number already.)
 */
export const checkSessionShape = (challenges: ReadonlyArray<UploadChallenge>): Result<{ readonly attempts: number }> => {
  const orders = new Set<number>();
  let attempts = 0;
  for (const [index, challenge] of challenges.entries()) {
    if (orders.has(challenge.order)) return invalidAt(`challenges_in_session.${index}.order`);
    orders.add(challenge.order);
    const numbers = new Set<number>();
    for (const [position, attempt] of challenge.attempts.entries()) {
      if (numbers.has(attempt.attempt_number)) return invalidAt(`challenges_in_session.${index}.attempts.${position}.attempt_number`);
      numbers.add(attempt.attempt_number);
    }
    attempts += challenge.attempts.length;
  }
  if (attempts > LIMITS.attempts) return invalidAt("challenges_in_session");
  return succeed({ attempts });
};

/** A game's part (content or attempt_data) as stored: the object its schema decoded. */
type GamePart = Readonly<Record<string, unknown>>;
type PartDecoder = (input: unknown) => Result<GamePart>;

/**
 * Games whose attempts carry nothing of their own: their attempt_data is `{}`, and any key in it
 * is refused at its path. (An empty Struct would take any object whole, whatever it holds.)
 */
const NoAttemptData = Schema.Record(Schema.String, Schema.Never);

const isGamePart = (value: unknown): value is GamePart => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every game's part is an object schema, so a decoded part is a record; anything else is refused, never stored. */
const asPart =
  (decode: (input: unknown) => Result<unknown>): PartDecoder =>
  (input) => {
    const decoded = decode(input);
    if (!decoded.ok) return decoded;
    return isGamePart(decoded.value) ? succeed(decoded.value) : invalidAt("");
  };

// Content is the exercise item: a key the game's schema does not have (a content file's own keys,
// padding) is dropped, not refused, so an app whose content files carry more still uploads, and
// only what the SLP's view reads is stored. attempt_data is the game's own record of what the
// patient did, so a key the mapping does not know is refused.
const content = (schema: Schema.ConstraintDecoder<unknown>): PartDecoder => asPart(decodeLenient(schema));
const attemptData = (schema: Schema.ConstraintDecoder<unknown>): PartDecoder => asPart(decodeStrict(schema));
/** Chit-chat has no item to show: its content is `{}` (docs/attempt-mapping.md), and whatever else the app sends is not kept. */
const noContent: PartDecoder = () => succeed({});

type GameParts = {
  readonly content: PartDecoder;
  /** The attempt_data decoder, which may depend on the challenge's decoded content (medication's variant). */
  readonly attemptData: (decodedContent: unknown) => PartDecoder;
};

const medicationAttemptData = (decoded: unknown): PartDecoder =>
  typeof decoded === "object" && decoded !== null && "variant" in decoded && decoded.variant === MEDICATION_VARIANT.directions
    ? attemptData(MedicationDirectionsAttemptData)
    : attemptData(MedicationImageAttemptData);

/** Each game type's content and attempt_data, from its attempt mapping (domain/session-review/attempt-mapping/). */
export const GAME_PARTS: Readonly<Record<GameType, GameParts>> = {
  [GAME_TYPE.naming]: { content: content(NamingContent), attemptData: () => attemptData(NoAttemptData) },
  [GAME_TYPE.memoryGrid]: { content: content(MemoryGridContent), attemptData: () => attemptData(NoAttemptData) },
  [GAME_TYPE.medicationManagement]: { content: content(MedicationContent), attemptData: medicationAttemptData },
  [GAME_TYPE.socialSituations]: { content: content(SocialSituationContent), attemptData: () => attemptData(SocialSituationAttemptData) },
  [GAME_TYPE.verbalFluency]: { content: content(VerbalFluencyContent), attemptData: () => attemptData(VerbalFluencyAttemptData) },
  [GAME_TYPE.pillSorting]: { content: content(PillSortingContent), attemptData: () => attemptData(PillSortingAttemptData) },
  [GAME_TYPE.chitchatAi]: { content: noContent, attemptData: () => attemptData(ChitchatAttemptData) },
  [GAME_TYPE.parrot]: { content: content(ParrotContent), attemptData: () => attemptData(NoAttemptData) },
};

/** A part's failure, its field put under the body path of the part. */
const under = (prefix: string, failure: Failure): Failure =>
  invalidAt(failure.field === undefined || failure.field === "" ? prefix : `${prefix}.${failure.field}`);

/** A session's challenges as its game reads them, with the game type they were decoded as. */
export type GameChallenges = { readonly gameType: GameType; readonly challenges: ReadonlyArray<UploadChallenge> };

/**
 * Every challenge's content and every attempt's attempt_data in its game's shape, so the stored
 * session opens in the SLP's view of that game; answers the challenges as they are stored:
 * content without keys its game does not have, and every text of content and attempt_data
 * without invisible direction and width characters. A game type the portal does not know takes
 * no sessions (ERROR_052 on game_id).
 */
export const decodeGameParts = (gameType: string, challenges: ReadonlyArray<UploadChallenge>): Result<GameChallenges> => {
  if (!isGameType(gameType)) return fail("ERROR_052", catalogueMessage("ERROR_052"), { field: "game_id" });
  const parts = GAME_PARTS[gameType];
  const stored: UploadChallenge[] = [];
  for (const [index, challenge] of challenges.entries()) {
    const decoded = parts.content(challenge.content);
    if (!decoded.ok) return under(`challenges_in_session.${index}.content`, decoded);
    const decodeData = parts.attemptData(decoded.value);
    const attempts: Array<UploadChallenge["attempts"][number]> = [];
    for (const [position, attempt] of challenge.attempts.entries()) {
      const data = decodeData(attempt.attempt_data);
      if (!data.ok) return under(`challenges_in_session.${index}.attempts.${position}.attempt_data`, data);
      attempts.push({ ...attempt, attempt_data: textsWithoutInvisibleCharacters(data.value) });
    }
    stored.push({ ...challenge, content: textsWithoutInvisibleCharacters(decoded.value), attempts });
  }
  return succeed({ gameType, challenges: stored });
};

/** Every challenge in its game's shape (decodeGameParts), answering only the game type. */
export const checkGameParts = (gameType: string, challenges: ReadonlyArray<UploadChallenge>): Result<GameType> => {
  const decoded = decodeGameParts(gameType, challenges);
  return decoded.ok ? succeed(decoded.value.gameType) : decoded;
};

/**
 * The session's totals by the same rule a correction recomputes them with (sessionTotals,
 * domain/session-review/session-totals.ts), so the stored figures are those the detail would
 * compute from the stored attempts. Challenges are told apart by their order.
 */
export const uploadTotals = (gameType: string, challenges: ReadonlyArray<UploadChallenge>): SessionTotals =>
  sessionTotals(
    gameType,
    challenges.map((challenge) => challenge.order),
    challenges.flatMap((challenge) =>
      challenge.attempts.map((attempt) => ({
        challengeId: challenge.order,
        score: attempt.score,
        isCorrect: attempt.score_details.is_correct,
        attemptData: attempt.attempt_data,
      })),
    ),
  );

/**
 * A checked session: what the server stores. Its challenges are the ones to write (as
 * decodeGameParts answers them), never the body's own; the totals are computed from them.
 */
export type CheckedUpload = SessionTiming & SessionTotals & GameChallenges & { readonly attempts: number };

/** Every rule of an uploaded session once its assignment's game is known, in the order they answer: timing, attempt times, shape, each game's parts. */
export const checkUpload = (body: MobileSessionUpload, gameType: string, now: Date): Result<CheckedUpload> => {
  const timing = sessionTiming(body.start_time, body.end_time, now);
  if (!timing.ok) return timing;
  const times = checkAttemptTimes(body.challenges_in_session, timing.value);
  if (!times.ok) return times;
  const shape = checkSessionShape(body.challenges_in_session);
  if (!shape.ok) return shape;
  const game = decodeGameParts(gameType, body.challenges_in_session);
  if (!game.ok) return game;
  return succeed({ ...timing.value, ...uploadTotals(game.value.gameType, game.value.challenges), ...game.value, attempts: shape.value.attempts });
};
