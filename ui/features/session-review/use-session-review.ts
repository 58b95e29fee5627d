import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { sessionReviewApiOf } from "../../../adapters/session-review/index.ts";
import type { NoteTypeList } from "../../../domain/session-review/attempts-wire.ts";
import type { GameStatisticsWire } from "../../../domain/session-review/game-statistics-wire.ts";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import type { SessionListPageWire } from "../../../domain/session-review/session-list-wire.ts";
import type { GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { useServices } from "../../services/services-context.tsx";
import { sessionReviewKeys } from "./session-review-keys.ts";
import { noteTypesQuery, sessionDetailQuery } from "./session-review-queries.ts";

export const useSessionReviewApi = () => sessionReviewApiOf(useServices().adapters.client);

/** How the patient has played one exercise level: the stat tiles' numbers. */
export function useGameStatistics(levelId: GameLevelId): UseQueryResult<GameStatisticsWire> {
  const api = useSessionReviewApi();
  return useQuery({ queryKey: sessionReviewKeys.statistics(levelId), queryFn: ({ signal }) => api.getStatistics(levelId, signal) });
}

/** One page of a level's sessions, newest first; the previous page stays on screen while the next loads. */
export function useSessionList(levelId: GameLevelId, page: number, pageSize: number): UseQueryResult<SessionListPageWire> {
  const api = useSessionReviewApi();
  return useQuery({
    queryKey: sessionReviewKeys.sessions(levelId, page, pageSize),
    queryFn: ({ signal }) => api.listSessions(levelId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One session attempt by attempt, read anew every time it is opened (spec section 9). */
export function useSessionDetail(sessionId: GameSessionId): UseQueryResult<SessionDetailWire> {
  const api = useSessionReviewApi();
  return useQuery(sessionDetailQuery(api, sessionId));
}

/** The kinds of SLP note; asked only by those who may write notes. */
export function useNoteTypes(enabled: boolean): UseQueryResult<NoteTypeList> {
  const api = useSessionReviewApi();
  return useQuery({ ...noteTypesQuery(api), enabled });
}
