import * as Schema from "effect/Schema";
import { GameId, GameLevelId, GameSessionId, PatientId } from "../shared/ids.ts";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { StrippedText } from "../shared/wire/text-fields.ts";
import { AttemptWire, GameMetricsWire, ScoreDetailsWire } from "../session-review/index.ts";
import { MOBILE_SESSION_LIMITS as LIMITS } from "./mobile-session-limits.ts";

/**
 * POST /api/mobile/game-sessions/ (docs/mobile-api.md): one finished session as the patients' app
 * sends it. Challenges and attempts have the session detail's shapes (session-detail-wire.ts,
 * docs/attempt-mapping.md) without what only the server knows (ids, notes, corrections,
 * versions); `content` and `attempt_data` are decoded per game type once the assignment says
 * which game it is (mobile-session-rules.ts). Totals are the server's to compute.
 */

/** The app's own id of the session, a UUID it keeps across retries: the same id is the same session. */
export const ClientSessionId = Schema.String.check(
  Schema.isPattern(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, { expected: "a UUID" }),
);
export type ClientSessionId = typeof ClientSessionId.Type;

const OpenObject = Schema.Record(Schema.String, Schema.Unknown);
const boundedString = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Whole = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }));
/**
 * A number a `real` column stores as sent: the columns are 4-byte floats, which cannot hold a
 * value as tiny as 1e-40 (PostgreSQL refuses it), so below a millionth only 0 is taken.
 */
const Between = (minimum: number, maximum: number) =>
  Schema.Finite.check(
    Schema.isBetween({ minimum, maximum }),
    Schema.makeFilter((value: number) => value === 0 || Math.abs(value) >= 1e-6, { expected: "0, or a number of at least 0.000001" }),
  );

/**
 * Prose the app wrote down (what the patient said, the AI's feedback): the invisible direction and
 * width characters are dropped (docs/validation.md, "Invisible characters"), as a correction's
 * transcription loses them, and the rest is bounded.
 */
const uploadedProse = (max: number) => StrippedText.pipe(Schema.decodeTo(boundedString(max)));

/** What the game decided of an attempt: the detail's score_details, its texts stripped and bounded. */
export const UploadScoreDetails = Schema.Struct({
  is_correct: ScoreDetailsWire.fields.is_correct,
  transcription: Schema.NullOr(uploadedProse(LIMITS.transcriptionLength)),
  ai_feedback: Schema.NullOr(uploadedProse(LIMITS.aiFeedbackLength)),
});

/** One try at a challenge, as the detail shows it (AttemptWire) less the server's keys; numbers bounded to what the columns hold. */
export const UploadAttempt = Schema.Struct({
  attempt_number: Whole(1, LIMITS.attemptsPerChallenge),
  /** Whether a reviewer may correct it; true when absent (docs/session-review-api.md, "Locked attempts"). */
  is_editable: Schema.optionalKey(AttemptWire.fields.is_editable),
  /** 0 to 1; null where the game gives no score (chit-chat, parrot). */
  score: Schema.NullOr(Between(0, 1)),
  score_details: UploadScoreDetails,
  hints_used: Schema.NullOr(Whole(0, LIMITS.hints)),
  time_seconds: Schema.NullOr(Between(0, LIMITS.attemptSeconds)),
  response_audio_url: Schema.NullOr(boundedString(LIMITS.urlLength)),
  /** The game's own part (docs/attempt-mapping.md), decoded by the game type's schema. */
  attempt_data: OpenObject,
  created_at: IsoDateTime,
});
export type UploadAttempt = typeof UploadAttempt.Type;

/** One item of the session (a picture, a grid, a prescription) with the attempts at it. */
export const UploadChallenge = Schema.Struct({
  /** Play order, from 1; unique in the session. */
  order: Whole(1, LIMITS.challenges),
  /** The exercise item as the game showed it, decoded by the game type's schema (keys it does not have are dropped). */
  content: OpenObject,
  attempts: Schema.Array(UploadAttempt).check(Schema.isMaxLength(LIMITS.attemptsPerChallenge)),
});
export type UploadChallenge = typeof UploadChallenge.Type;

/**
 * The session. The assignment is named either by `patient_game_level_id` or by `game_id` and
 * `difficulty` (the patient's live assignment of that game at that level); exactly one of the two.
 */
export const MobileSessionUpload = Schema.Struct({
  client_session_id: ClientSessionId,
  patient_game_level_id: Schema.optionalKey(GameLevelId),
  game_id: Schema.optionalKey(GameId),
  difficulty: Schema.optionalKey(DifficultySchema),
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  challenges_in_session: Schema.Array(UploadChallenge).check(Schema.isMinLength(1), Schema.isMaxLength(LIMITS.challenges)),
});
export type MobileSessionUpload = typeof MobileSessionUpload.Type;

/** A missing key reads "The <key> is required" (ERROR_003); anything else malformed ERROR_056 with its path. */
export const MOBILE_SESSION_FIELD_CODES: FieldCodes = {
  client_session_id: { missing: "ERROR_003" },
  start_time: { missing: "ERROR_003" },
  end_time: { missing: "ERROR_003" },
  challenges_in_session: { missing: "ERROR_003" },
};

/**
 * What the server stored: the session's id and figures (computed by the server, as the session
 * detail shows them). A repeat of the same client_session_id answers this same body (200; the
 * first answer is 201).
 */
export const MobileSessionReceipt = Schema.Struct({
  id: GameSessionId,
  client_session_id: ClientSessionId,
  patient_id: PatientId,
  patient_game_level_id: GameLevelId,
  game_id: GameId,
  difficulty: DifficultySchema,
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  total_session_duration: Schema.Finite,
  total_score: Schema.NullOr(Schema.Finite),
  accuracy_percentage: Schema.NullOr(Schema.Finite),
  game_metrics: GameMetricsWire,
  challenges_count: Schema.Int,
  attempts_count: Schema.Int,
  /** When the server first stored it. */
  received_at: IsoDateTime,
});
export type MobileSessionReceipt = typeof MobileSessionReceipt.Type;
