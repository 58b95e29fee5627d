import * as Schema from "effect/Schema";
import { GameLevelId, GameSessionId, PatientId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";

/**
 * The review queue (issue 23; docs/session-review-api.md, "Review queue"): which of a patient's
 * sessions wait for review, per assigned exercise, and the step from one pending session to the
 * next, either within one patient or across the caller's whole slice (an SLP's caseload, an
 * administrator's institution). Pending means not yet marked reviewed.
 */

/** Which sessions a step walks: one patient's, or every patient's the caller may see. */
export const REVIEW_QUEUE_SCOPE = { patient: "patient", caseload: "caseload" } as const;
export type ReviewQueueScope = (typeof REVIEW_QUEUE_SCOPE)[keyof typeof REVIEW_QUEUE_SCOPE];

/** Which way a step goes from the current session: to a later or an earlier start. */
export const REVIEW_QUEUE_DIRECTION = { next: "next", previous: "previous" } as const;
export type ReviewQueueDirection = (typeof REVIEW_QUEUE_DIRECTION)[keyof typeof REVIEW_QUEUE_DIRECTION];

/**
 * Which pending sessions a step may land on (issue 31): every one, or only those holding at least
 * one attempt the SLP can correct (the games lock some: `is_editable: false`).
 */
export const REVIEW_QUEUE_ONLY = { correctable: "correctable" } as const;
export type ReviewQueueOnly = (typeof REVIEW_QUEUE_ONLY)[keyof typeof REVIEW_QUEUE_ONLY];

/**
 * ?scope=&patient=&from=&direction=&only= of review-queue/next/. The walk is oldest first, by start time
 * then id. Without `from`, the first pending session of the scope (oldest for next, newest for
 * previous); with it, the nearest pending session on that side of it, so sessions skipped stay
 * behind and the walk never loops. `patient` is required for the patient scope. `only=correctable`
 * skips the sessions whose attempts the game locked all of.
 */
export const ReviewQueueQuery = Schema.Struct({
  scope: Schema.Literals([REVIEW_QUEUE_SCOPE.patient, REVIEW_QUEUE_SCOPE.caseload]),
  patient: Schema.optionalKey(idFromUrl(PatientId)),
  from: Schema.optionalKey(idFromUrl(GameSessionId)),
  direction: Schema.optionalKey(Schema.Literals([REVIEW_QUEUE_DIRECTION.next, REVIEW_QUEUE_DIRECTION.previous])),
  only: Schema.optionalKey(Schema.Literals([REVIEW_QUEUE_ONLY.correctable])),
});
export type ReviewQueueQuery = typeof ReviewQueueQuery.Type;

/** One pending session a step lands on: enough to build its address and to say where it goes. */
export const ReviewQueueSession = Schema.Struct({
  id: GameSessionId,
  patient_id: PatientId,
  level_id: GameLevelId,
  start_time: IsoDateTime,
  patient_name: Schema.String,
  game_name: Schema.String,
  /** How many of the session's attempts the SLP can still correct (not locked by the game): 0 means read, annotate and mark only. */
  correctable_attempts: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
});
export type ReviewQueueSession = typeof ReviewQueueSession.Type;

/**
 * The answer of a step: the session it lands on (null when none is left on that side) and how many
 * sessions of the scope still wait for review, the current one included while it is pending.
 */
export const ReviewQueueStep = Schema.Struct({
  session: Schema.NullOr(ReviewQueueSession),
  pending: Schema.Int,
});
export type ReviewQueueStep = typeof ReviewQueueStep.Type;

/** One assigned exercise level of a patient with how many of its sessions wait for review. */
export const LevelPendingReviews = Schema.Struct({
  level_id: GameLevelId,
  pending: Schema.Int,
  /** The oldest pending session of the level, where its "Review next" goes; null when none waits. */
  oldest_session_id: Schema.NullOr(GameSessionId),
});
export type LevelPendingReviews = typeof LevelPendingReviews.Type;

/** patients/{id}/pending-reviews/: the patient's pending sessions in all and per assigned level (levels with none included). */
export const PatientPendingReviews = Schema.Struct({
  patient_id: PatientId,
  pending: Schema.Int,
  levels: Schema.Array(LevelPendingReviews),
});
export type PatientPendingReviews = typeof PatientPendingReviews.Type;
