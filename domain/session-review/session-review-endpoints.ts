import { endpoint } from "../shared/wire/endpoint.ts";
import { AttemptPatchWire } from "./attempt-patch.ts";
import { AttemptNote, AttemptNoteBody, AttemptNotePatchBody, AttemptNotePathParams, NoteTypeList } from "./attempts-wire.ts";
import { AttemptCorrectionAnswer } from "./correction-answer.ts";
import { GameStatisticsWire } from "./game-statistics-wire.ts";
import { SessionDetailWire } from "./session-detail-wire.ts";
import { SessionListPageWire } from "./session-list-wire.ts";
import { AttemptPathParams, GameLevelQuery, SessionListQuery, SessionPathParams, SessionReviewBody, SessionReviewResponse } from "./session-review-calls.ts";

// Every session-review call, declared once (spec section 7; docs/session-review-api.md): the
// server's routes and the adapter's calls are both derived from these.

/** GET game-sessions-statistics/: how a patient has played one exercise level (the stat tiles). */
export const levelStatisticsEndpoint = endpoint({
  method: "GET",
  path: "/api/game-sessions-statistics/",
  query: GameLevelQuery,
  answer: GameStatisticsWire,
});

/** GET game-sessions-list/: one page of an exercise level's sessions, newest first. */
export const levelSessionsEndpoint = endpoint({
  method: "GET",
  path: "/api/game-sessions-list/",
  query: SessionListQuery,
  answer: SessionListPageWire,
});

/** GET game-session/{id}/detailed/: one session attempt by attempt, with its figures, notes, corrections and review. */
export const sessionDetailEndpoint = endpoint({
  method: "GET",
  path: "/api/game-session/:id/detailed/",
  params: SessionPathParams,
  answer: SessionDetailWire,
});

/** PUT game-session/{id}/review/: mark a session reviewed, or reopen it. */
export const sessionReviewEndpoint = endpoint({
  method: "PUT",
  path: "/api/game-session/:id/review/",
  params: SessionPathParams,
  body: SessionReviewBody,
  answer: SessionReviewResponse,
});

/** PATCH attempt/{id}/: a reviewer corrects one attempt; answers the attempt and the session's figures as they now stand. */
export const attemptCorrectionEndpoint = endpoint({
  method: "PATCH",
  path: "/api/attempt/:id/",
  params: AttemptPathParams,
  body: AttemptPatchWire,
  answer: AttemptCorrectionAnswer,
});

/** GET note-types/: the kinds of SLP note with their colours. */
export const noteTypesEndpoint = endpoint({
  method: "GET",
  path: "/api/note-types/",
  answer: NoteTypeList,
});

/** POST attempt-notes/: an SLP writes a note on an attempt. */
export const noteCreateEndpoint = endpoint({
  method: "POST",
  path: "/api/attempt-notes/",
  body: AttemptNoteBody,
  answer: AttemptNote,
});

/** PATCH attempt-notes/{id}/: an SLP edits a note's type and text. */
export const noteEditEndpoint = endpoint({
  method: "PATCH",
  path: "/api/attempt-notes/:id/",
  params: AttemptNotePathParams,
  body: AttemptNotePatchBody,
  answer: AttemptNote,
});
