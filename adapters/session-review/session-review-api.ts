import { AttemptNote, NoteTypeList } from "../../domain/session-review/attempts-wire.ts";
import { GameStatisticsWire } from "../../domain/session-review/game-statistics-wire.ts";
import { AttemptWire, SessionDetailWire } from "../../domain/session-review/session-detail-wire.ts";
import { SessionListPageWire } from "../../domain/session-review/session-list-wire.ts";
import { SessionReviewResponse } from "../../domain/session-review/session-review-calls.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { SessionReviewApi } from "./session-review-port.ts";

/** Session-review calls on the given client (Bearer). */
export const createSessionReviewApi = (client: ApiClient): SessionReviewApi => ({
  getStatistics: (levelId, signal) => client.get("/api/game-sessions-statistics/", { schema: GameStatisticsWire, query: { game_level_id: levelId }, signal }),
  listSessions: (levelId, page, pageSize, signal) =>
    client.get("/api/game-sessions-list/", { schema: SessionListPageWire, query: { game_level_id: levelId, page, page_size: pageSize }, signal }),
  getSessionDetail: (id, signal) => client.get(`/api/game-session/${id}/detailed/`, { schema: SessionDetailWire, signal }),
  patchAttempt: (id, body, version) => client.patch(`/api/attempt/${id}/`, { schema: AttemptWire, body, ifMatch: version }),
  listNoteTypes: (signal) => client.get("/api/note-types/", { schema: NoteTypeList, signal }),
  createNote: (body) => client.post("/api/attempt-notes/", { schema: AttemptNote, body }),
  updateNote: (id, body, version) => client.patch(`/api/attempt-notes/${id}/`, { schema: AttemptNote, body, ifMatch: version }),
  markReviewed: (id, reviewed) => client.put(`/api/game-session/${id}/review/`, { schema: SessionReviewResponse, body: { reviewed } }),
});

/** The session-review calls of the app's client, made once, from the lazy signed-in pages. */
export const sessionReviewApiOf = perClient(createSessionReviewApi);
