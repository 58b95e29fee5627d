import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttemptNoteBody } from "../../../domain/session-review/attempts-wire.ts";
import type { AttemptNoteId, GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { sessionReviewKeys } from "./session-review-keys.ts";
import { useSessionReviewApi } from "./use-session-review.ts";

/** After a write the session is read anew, and so are its level's statistics and lists. */
const useRefreshSession = (sessionId: GameSessionId, levelId: GameLevelId) => {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: sessionReviewKeys.detail(sessionId) });
    await client.invalidateQueries({ queryKey: sessionReviewKeys.level(levelId) });
  };
};

/** Adds a note, or edits one when given its id. */
export function useSaveNote(sessionId: GameSessionId, levelId: GameLevelId) {
  const api = useSessionReviewApi();
  const refresh = useRefreshSession(sessionId, levelId);
  return useMutation({
    mutationFn: ({ id, body }: { readonly id: AttemptNoteId | null; readonly body: AttemptNoteBody }) =>
      id === null ? api.createNote(body) : api.updateNote(id, body),
    onSuccess: refresh,
  });
}

/** Marks the session reviewed or reopens it; the patient's record and the dashboards follow. */
export function useMarkReviewed(sessionId: GameSessionId, levelId: GameLevelId) {
  const api = useSessionReviewApi();
  const client = useQueryClient();
  const refresh = useRefreshSession(sessionId, levelId);
  return useMutation({
    mutationFn: (reviewed: boolean) => api.markReviewed(sessionId, reviewed),
    onSuccess: async () => {
      await refresh();
      await client.invalidateQueries({ queryKey: ["patients"] });
      await client.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

/** The attempt-editing machine's `refreshSession` actor: the session detail is fetched again before the editor closes. */
export function useSessionRefetch(sessionId: GameSessionId, levelId: GameLevelId) {
  const client = useQueryClient();
  return useCallback(async () => {
    await client.refetchQueries({ queryKey: sessionReviewKeys.detail(sessionId), exact: true });
    await client.invalidateQueries({ queryKey: sessionReviewKeys.level(levelId) });
  }, [client, sessionId, levelId]);
}
