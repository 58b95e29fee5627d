import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { type AttemptFieldChange, attemptConflict } from "../../../domain/session-review/attempt-conflict.ts";
import type { AttemptDraft, DraftFieldErrors } from "../../../domain/session-review/attempt-draft.ts";
import type { EditField } from "../../../domain/session-review/attempt-edit.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptId, GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { correctionInWords } from "../../../domain/session-review/correction-in-words.ts";
import { confirmChange, confirmNothingChanged } from "../../feedback/confirm-change.ts";
import { attemptEditLogicFor } from "./session-review-machines.ts";
import { useSessionReviewApi } from "./use-session-review.ts";
import { useApplyCorrection, useCurrentAttempt } from "./use-session-review-writes.ts";

/** What the attempt tables and the editor read of the attempt-editing machine, and the events they send. */
export type AttemptEditing = {
  readonly editingId: AttemptId | null;
  readonly draft: AttemptDraft;
  readonly fieldErrors: DraftFieldErrors;
  /** The save call's failure, in the catalogue's words. */
  readonly failure: string | null;
  readonly saving: boolean;
  /** Someone else corrected the attempt since it was opened: the fields the reviewer corrected, theirs and the reviewer's; null otherwise. */
  readonly conflict: readonly AttemptFieldChange[] | null;
  /** Opens the row's editor; the label ("challenge 1, attempt 2") names the attempt in the confirmation. */
  readonly start: (row: AttemptRow, label?: string) => void;
  readonly change: (field: EditField, value: string) => void;
  readonly save: () => void;
  readonly cancel: () => void;
  readonly showTheirs: () => void;
  readonly saveMineAgain: () => void;
};

// Binds the attempt-editing machine (docs/machines/attempt-edit.md) to the session-review port: a
// save PATCHes the attempt, and the answer the machine announces (the attempt as stored, the
// session's figures) goes into the session on screen: one round trip, no second read.
// When the editor closes (saved, unchanged, cancelled or Escape), focus goes back to the row's edit
// button rather than to <body>.
export function useAttemptEditing(gameType: string, sessionId: GameSessionId, levelId: GameLevelId): AttemptEditing {
  const api = useSessionReviewApi();
  const applyCorrection = useApplyCorrection(sessionId, levelId);
  const currentAttempt = useCurrentAttempt(sessionId, levelId);
  const logic = useMemo(
    () =>
      attemptEditLogicFor({
        save: (input) => api.patchAttempt(input.attemptId, input.body, input.version),
        load: (input) => currentAttempt(input.attemptId),
      }),
    [api, currentAttempt],
  );
  const actor = useActorRef(logic, { input: { gameType } });
  const editedLabel = useRef<string | null>(null);
  useEffect(() => {
    const corrected = actor.on("attempt.corrected", (event) => {
      applyCorrection(event.answer);
      confirmChange({ title: "Correction saved", description: correctionInWords(editedLabel.current, { score: event.answer.score, is_correct: event.answer.score_details.is_correct }) });
    });
    // A save with nothing changed closes the row too, but says so rather than closing silently.
    const unchanged = actor.on("attempt.unchanged", () => confirmNothingChanged());
    return () => {
      corrected.unsubscribe();
      unchanged.unsubscribe();
    };
  }, [actor, applyCorrection]);
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  const row = useSelector(actor, (snapshot) => snapshot.context.row);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const conflict = useMemo(() => (state !== "conflict" || row === null || current === null ? null : attemptConflict(row, current, draft)), [state, row, current, draft]);
  const editingId = state === "viewing" ? null : (row?.id ?? null);

  const previous = useRef<AttemptId | null>(null);
  useEffect(() => {
    const closed = previous.current;
    previous.current = editingId;
    if (closed !== null && editingId === null) {
      document.querySelector<HTMLButtonElement>(`[data-edit-attempt="${closed}"]`)?.focus();
    }
  }, [editingId]);

  const start = useCallback(
    (target: AttemptRow, label?: string) => {
      editedLabel.current = label ?? null;
      actor.send({ type: "edit.start", row: target });
    },
    [actor],
  );
  const change = useCallback((field: EditField, value: string) => actor.send({ type: "edit.change", field, value }), [actor]);
  const save = useCallback(() => actor.send({ type: "edit.save" }), [actor]);
  const cancel = useCallback(() => actor.send({ type: "edit.cancel" }), [actor]);
  const showTheirs = useCallback(() => actor.send({ type: "conflict.reload" }), [actor]);
  const saveMineAgain = useCallback(() => actor.send({ type: "conflict.reapply" }), [actor]);
  return {
    editingId,
    draft,
    fieldErrors,
    failure: state === "editing" ? (failure?.message ?? null) : null,
    saving: state === "saving" || state === "loadingCurrent",
    conflict,
    start,
    change,
    save,
    cancel,
    showTheirs,
    saveMineAgain,
  };
}
