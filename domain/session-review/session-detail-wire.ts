import * as Schema from "effect/Schema";
import * as SchemaResult from "effect/Result";
import { AttemptId, GameId, GameLevelId, GameSessionId, IdNumber, PatientId } from "../shared/ids.ts";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { fail, type Result, succeed } from "../shared/result.ts";
import { ERROR_MESSAGES } from "../shared/error-catalogue.ts";
import { AttemptNote } from "./attempts-wire.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { RecordVersion } from "../shared/wire/record-version.ts";
import { AttemptCorrectionWire, SessionReviewWire } from "./session-review-calls.ts";

/**
 * GET /game-session/{id}/detailed/ as documented in docs/attempt-mapping.md. The parts every game
 * shares are decoded here; `content` and `attempt_data` stay open objects because their shape
 * depends on game_info.type and is decoded by that game's attempt mapping. SLP notes use the same
 * shape as the attempt-notes calls return (wire/attempts.ts).
 */

/** A challenge is one item of a session (an image, a situation, a prescription); its attempts are grouped by it. */
export const ChallengeId = IdNumber.pipe(Schema.brand("ChallengeId"));
export type ChallengeId = typeof ChallengeId.Type;

const NullableNumber = Schema.NullOr(Schema.Finite);
const OpenObject = Schema.Record(Schema.String, Schema.Unknown);

export const ScoreDetailsWire = Schema.Struct({
  is_correct: Schema.NullOr(Schema.Boolean),
  transcription: Schema.NullOr(Schema.String),
  ai_feedback: Schema.NullOr(Schema.String),
});

export const AttemptWire = Schema.Struct({
  id: AttemptId,
  attempt_number: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  is_editable: Schema.Boolean,
  score: NullableNumber,
  score_details: ScoreDetailsWire,
  hints_used: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  time_seconds: Schema.NullOr(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))),
  response_audio_url: Schema.NullOr(Schema.String),
  attempt_data: OpenObject,
  notes: Schema.Array(AttemptNote),
  created_at: IsoDateTime,
  // This portal's server adds who corrected the attempt and the original; null until corrected.
  correction: Schema.optionalKey(Schema.NullOr(AttemptCorrectionWire)),
  /** The attempt's version (docs/api.md, "Versions and concurrent edits"): a correction may send it back. */
  version: RecordVersion,
});
export type AttemptWire = typeof AttemptWire.Type;

export const ChallengeWire = Schema.Struct({
  id: ChallengeId,
  order: Schema.Int,
  content: OpenObject,
  attempts: Schema.Array(AttemptWire),
});
export type ChallengeWire = typeof ChallengeWire.Type;

export const GameInfoWire = Schema.Struct({
  id: GameId,
  name: Schema.String,
  // Kept open so a session of a type this portal does not know yet decodes and reads 'Unsupported game type'.
  type: Schema.String,
});

export const GameMetricsWire = Schema.Struct({
  words_count: Schema.optionalKey(NullableNumber),
  success_rate: Schema.optionalKey(NullableNumber),
});

export const SessionDetailWire = Schema.Struct({
  id: GameSessionId,
  // Added by this portal's server (docs/session-review-api.md): whose session and which level it
  // belongs to, so a page opened on another patient's URL is refused, and who reviewed it.
  patient_id: Schema.optionalKey(PatientId),
  patient_game_level_id: Schema.optionalKey(GameLevelId),
  review: Schema.optionalKey(Schema.NullOr(SessionReviewWire)),
  /** The version of the session's review mark (issue 31): the review call may send it back as If-Match. */
  version: Schema.optionalKey(RecordVersion),
  game_info: GameInfoWire,
  start_time: IsoDateTime,
  difficulty: DifficultySchema,
  is_active: Schema.Boolean,
  total_score: NullableNumber,
  total_score_percentage_change: NullableNumber,
  accuracy_percentage: NullableNumber,
  accuracy_percentage_change: NullableNumber,
  total_session_duration: NullableNumber,
  total_session_duration_percentage_change: NullableNumber,
  avg_duration_per_content: NullableNumber,
  avg_duration_per_content_percentage_change: NullableNumber,
  game_metrics: GameMetricsWire,
  challenges_in_session: Schema.Array(ChallengeWire),
});
export type SessionDetailWire = typeof SessionDetailWire.Type;
/** The JSON the server sends, before ids are branded. */
export type SessionDetailJson = typeof SessionDetailWire.Encoded;

/** A session detail the server sends in any other shape is a generic error, never a half-read session. */
export const decodeSessionDetail = (input: unknown): Result<SessionDetailWire> => {
  const decoded = Schema.decodeUnknownResult(SessionDetailWire)(input);
  return SchemaResult.isSuccess(decoded) ? succeed(decoded.success) : fail("ERROR_001", ERROR_MESSAGES.ERROR_001);
};
