import * as Schema from "effect/Schema";
import { AttemptId, GameLevelId, GameSessionId } from "../shared/ids.ts";
import { pageQueryFields } from "../shared/wire/paged.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { NoteAuthor } from "./attempts-wire.ts";
import { SESSION_LIST_PAGE_SIZE } from "./session-list-wire.ts";

/**
 * The inputs of the session-review calls (spec section 7) and the two shapes this portal adds to
 * them: who reviewed a session, and what an attempt held before a reviewer corrected it
 * (docs/session-review-api.md explains both designed parts).
 */

/** ?game_level_id= of game-sessions-statistics/: which assigned exercise level. */
export const GameLevelQuery = Schema.Struct({ game_level_id: idFromUrl(GameLevelId) });
export type GameLevelQuery = typeof GameLevelQuery.Type;

/** ?game_level_id=&page=&page_size= of game-sessions-list/ (ten to a page unless asked otherwise). */
export const SessionListQuery = Schema.Struct({
  game_level_id: idFromUrl(GameLevelId),
  ...pageQueryFields(SESSION_LIST_PAGE_SIZE),
});
export type SessionListQuery = typeof SessionListQuery.Type;

/** game-session/{id}/detailed/ and game-session/{id}/review/. */
export const SessionPathParams = Schema.Struct({ id: idFromUrl(GameSessionId) });
export type SessionPathParams = typeof SessionPathParams.Type;

/** attempt/{id}/. */
export const AttemptPathParams = Schema.Struct({ id: idFromUrl(AttemptId) });
export type AttemptPathParams = typeof AttemptPathParams.Type;

/** Who marked a session reviewed, and when. */
export const SessionReviewWire = Schema.Struct({ reviewed_by: NoteAuthor, reviewed_at: IsoDateTime });
export type SessionReviewWire = typeof SessionReviewWire.Type;

/**
 * PUT game-session/{id}/review/: mark a session reviewed, or reopen it (false) when marked by
 * mistake; `version` (or If-Match) is the review's version the page showed, so a mark made on a
 * stale page is refused rather than applied over a colleague's.
 */
export const SessionReviewBody = Schema.Struct({ reviewed: Schema.Boolean, ...versionField });
export type SessionReviewBody = typeof SessionReviewBody.Type;

/** The answer to PUT game-session/{id}/review/, with the patient's review status as it now stands. */
export const SessionReviewResponse = Schema.Struct({
  id: GameSessionId,
  reviewed: Schema.Boolean,
  review: Schema.NullOr(SessionReviewWire),
  patient_reviewed_status: Schema.Literals(["pending", "reviewed"]),
  /** The review's version now (also the ETag): the next mark may send it back. */
  version: RecordVersion,
});
export type SessionReviewResponse = typeof SessionReviewResponse.Type;

/** What an attempt held before its first correction; later corrections keep this first original. */
export const AttemptOriginalWire = Schema.Struct({
  score: Schema.NullOr(Schema.Finite),
  is_correct: Schema.NullOr(Schema.Boolean),
  transcription: Schema.NullOr(Schema.String),
  correct_words: Schema.NullOr(Schema.Array(Schema.String)),
  wrong_words: Schema.NullOr(Schema.Array(Schema.String)),
});
export type AttemptOriginalWire = typeof AttemptOriginalWire.Type;

/** Who last corrected an attempt, when, and what the machine had scored. */
export const AttemptCorrectionWire = Schema.Struct({
  corrected_by: NoteAuthor,
  corrected_at: IsoDateTime,
  original: AttemptOriginalWire,
});
export type AttemptCorrectionWire = typeof AttemptCorrectionWire.Type;
