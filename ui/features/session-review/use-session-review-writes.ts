import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttemptNoteBody } from "../../../domain/session-review/attempts-wire.ts";
import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { type AttemptRow, mapSessionDetail } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { type AttemptCorrectionAnswer, withCorrection } from "../../../domain/session-review/correction-answer.ts";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import type { AttemptId, AttemptNoteId, GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { reviewQueueKeys } from "../review-queue/index.ts";
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

/** Adds a note, or edits one when given its id and the version the edit started from. */
export function useSaveNote(sessionId: GameSessionId, levelId: GameLevelId) {
  const api = useSessionReviewApi();
  const refresh = useRefreshSession(sessionId, levelId);
  return useMutation({
    mutationFn: ({ id, body, version }: { readonly id: AttemptNoteId | null; readonly body: AttemptNoteBody; readonly version: number | null }) =>
      id === null || version === null ? api.createNote(body) : api.updateNote(id, body, version),
    onSuccess: refresh,
  });
}

/**
 * Marks the session reviewed or reopens it, from the review's version the page shows (If-Match);
 * the patient's record and the dashboards follow. Refused (a colleague marked or reopened it since,
 * or any other failure), the session is read again so the page shows the review as it stands.
 */
export function useMarkReviewed(sessionId: GameSessionId, levelId: GameLevelId) {
  const api = useSessionReviewApi();
  const client = useQueryClient();
  const refresh = useRefreshSession(sessionId, levelId);
  return useMutation({
    mutationFn: ({ reviewed, version }: { readonly reviewed: boolean; readonly version: number | undefined }) => api.markReviewed(sessionId, reviewed, version),
    onError: refresh,
    // Confirmed here, toast and polite announcement in one, for every caller.
    onSuccess: async (answer) => {
      confirmChange({ title: answer.reviewed ? "Session marked reviewed" : "Review reopened" });
      await refresh();
      await client.invalidateQueries({ queryKey: ["patients"] });
      await client.invalidateQueries({ queryKey: ["dashboard"] });
      // What waits for review changed: the queue's counts and steps (issue 23), wherever shown.
      await client.invalidateQueries({ queryKey: reviewQueueKeys.all });
    },
  });
}

/**
 * What the page does with a saved correction (the attempt-editing machine's `attempt.corrected`):
 * the answer's attempt and figures go into the session on screen (withCorrection), without reading
 * it again; the level's statistics and lists, on another page, are only marked stale.
 */
export function useApplyCorrection(sessionId: GameSessionId, levelId: GameLevelId) {
  const client = useQueryClient();
  return useCallback(
    (answer: AttemptCorrectionAnswer) => {
      client.setQueryData<SessionDetailWire>(sessionReviewKeys.detail(sessionId), (detail) => (detail === undefined ? detail : withCorrection(detail, answer)));
      void client.invalidateQueries({ queryKey: sessionReviewKeys.level(levelId), refetchType: "none" });
    },
    [client, sessionId, levelId],
  );
}

/**
 * The attempt-editing machine's `loadAttempt` actor, after a correction was refused as stale: the
 * session is fetched again (the tables show the stored values too) and the attempt's row as it is
 * stored now is answered; null when the session no longer holds it.
 */
export function useCurrentAttempt(sessionId: GameSessionId, levelId: GameLevelId) {
  const client = useQueryClient();
  return useCallback(
    async (attemptId: AttemptId): Promise<AttemptRow | null> => {
      // A failed read must not pass the old version off as the stored one.
      await client.refetchQueries({ queryKey: sessionReviewKeys.detail(sessionId), exact: true }, { throwOnError: true });
      await client.invalidateQueries({ queryKey: sessionReviewKeys.level(levelId) });
      const detail = client.getQueryData<SessionDetailWire>(sessionReviewKeys.detail(sessionId));
      const view = detail === undefined ? null : mapSessionDetail(detail);
      return view?.ok === true ? (view.value.challenges.find((row) => row.id === attemptId) ?? null) : null;
    },
    [client, sessionId, levelId],
  );
}

/**
 * The note-edit machine's `loadRecord` actor, after a note edit was refused as stale: the session
 * is fetched again (the tables show the stored note too) and the note as stored now is answered.
 * A note the session no longer holds rejects, so the form keeps the draft with a message.
 */
export function useCurrentNote(sessionId: GameSessionId, levelId: GameLevelId) {
  const client = useQueryClient();
  return useCallback(
    async (note: AttemptNoteView): Promise<AttemptNoteView> => {
      await client.refetchQueries({ queryKey: sessionReviewKeys.detail(sessionId), exact: true }, { throwOnError: true });
      await client.invalidateQueries({ queryKey: sessionReviewKeys.level(levelId) });
      const detail = client.getQueryData<SessionDetailWire>(sessionReviewKeys.detail(sessionId));
      const view = detail === undefined ? null : mapSessionDetail(detail);
      const current = view?.ok === true ? view.value.challenges.flatMap((row) => row.notes).find((candidate) => candidate.id === note.id) : undefined;
      if (current === undefined) throw new Error("the note is no longer part of the session");
      return current;
    },
    [client, sessionId, levelId],
  );
}
