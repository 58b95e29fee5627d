import {
  attemptCorrectionEndpoint,
  levelSessionsEndpoint,
  levelStatisticsEndpoint,
  noteCreateEndpoint,
  noteEditEndpoint,
  noteTypesEndpoint,
  sessionDetailEndpoint,
  sessionReviewEndpoint,
} from "../../domain/session-review/session-review-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { SessionReviewApi } from "./session-review-port.ts";

/** Session-review calls on the given client (Bearer), each the call of its declared endpoint. */
export const createSessionReviewApi = (client: ApiClient): SessionReviewApi => ({
  getStatistics: (levelId, signal) => client.call(levelStatisticsEndpoint, { query: { game_level_id: levelId }, signal }),
  listSessions: (levelId, page, pageSize, signal) => client.call(levelSessionsEndpoint, { query: { game_level_id: levelId, page, page_size: pageSize }, signal }),
  getSessionDetail: (id, signal) => client.call(sessionDetailEndpoint, { params: { id }, signal }),
  patchAttempt: (id, body, version) => client.call(attemptCorrectionEndpoint, { params: { id }, body, ifMatch: version }),
  listNoteTypes: (signal) => client.call(noteTypesEndpoint, { signal }),
  createNote: (body) => client.call(noteCreateEndpoint, { body }),
  updateNote: (id, body, version) => client.call(noteEditEndpoint, { params: { id }, body, ifMatch: version }),
  markReviewed: (id, reviewed, version) => client.call(sessionReviewEndpoint, { params: { id }, body: { reviewed }, ...(version === undefined ? {} : { ifMatch: version }) }),
});

/** The session-review calls of the app's client, made once, from the lazy signed-in pages. */
export const sessionReviewApiOf = perClient(createSessionReviewApi);
