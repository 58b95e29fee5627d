import type { AttemptNote, AttemptNoteBody, NoteTypeList } from "../../domain/session-review/attempts-wire.ts";
import type { AttemptPatchWire } from "../../domain/session-review/attempt-patch.ts";
import type { GameStatisticsWire } from "../../domain/session-review/game-statistics-wire.ts";
import type { AttemptCorrectionAnswer } from "../../domain/session-review/correction-answer.ts";
import type { SessionDetailWire } from "../../domain/session-review/session-detail-wire.ts";
import type { SessionListPageWire } from "../../domain/session-review/session-list-wire.ts";
import type { SessionReviewResponse } from "../../domain/session-review/session-review-calls.ts";
import type { AttemptId, AttemptNoteId, GameLevelId, GameSessionId } from "../../domain/shared/ids.ts";

// The port the session-review pages and the attempt-editing machine depend on;
// session-review-api.ts is its HTTP implementation.

/**
 * The session-review calls of spec section 7, plus the review mark (docs/session-review-api.md);
 * each rejects with an ApiFailure. A correction or a note edit names the version it started from
 * (If-Match): changed since, it is refused with a 412 on `version` (isStaleVersionFailure).
 */
export type SessionReviewApi = {
  readonly getStatistics: (levelId: GameLevelId, signal?: AbortSignal) => Promise<GameStatisticsWire>;
  readonly listSessions: (levelId: GameLevelId, page: number, pageSize: number, signal?: AbortSignal) => Promise<SessionListPageWire>;
  readonly getSessionDetail: (id: GameSessionId, signal?: AbortSignal) => Promise<SessionDetailWire>;
  /** Answers the corrected attempt and the session's figures as the correction left them. */
  readonly patchAttempt: (id: AttemptId, body: AttemptPatchWire, version: number) => Promise<AttemptCorrectionAnswer>;
  readonly listNoteTypes: (signal?: AbortSignal) => Promise<NoteTypeList>;
  readonly createNote: (body: AttemptNoteBody) => Promise<AttemptNote>;
  readonly updateNote: (id: AttemptNoteId, body: AttemptNoteBody, version: number) => Promise<AttemptNote>;
  /** `version`: the review's version the page showed (If-Match), so a mark on a stale page is refused (412). */
  readonly markReviewed: (id: GameSessionId, reviewed: boolean, version?: number) => Promise<SessionReviewResponse>;
};
