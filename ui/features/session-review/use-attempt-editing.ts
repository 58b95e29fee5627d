import { useActorRef, useSelector } from "@xstate/react";
import { type RefObject, useCallback, useEffect, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { type AttemptFieldChange, attemptConflict } from "../../../domain/session-review/attempt-conflict.ts";
import type { AttemptDraft, DraftFieldErrors } from "../../../domain/session-review/attempt-draft.ts";
import type { EditField } from "../../../domain/session-review/attempt-edit.ts";
import type { GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { correctionInWords } from "../../../domain/session-review/correction-in-words.ts";
import { confirmChange, confirmNothingChanged } from "../../feedback/confirm-change.ts";
import { attemptEditLogicFor } from "./session-review-machines.ts";
import { useSessionReviewApi } from "./use-session-review.ts";
import { useApplyCorrection, useCurrentAttempt } from "./use-session-review-writes.ts";

/** The attempt-editing machine on the session-review port, as the page and the editor hold it. */
export type AttemptEditActor = ActorRefFrom<ReturnType<typeof attemptEditLogicFor>>;

/** What the correction form reads of the attempt-editing machine, and the events it sends. */
export type AttemptEditing = {
  readonly draft: AttemptDraft;
  readonly fieldErrors: DraftFieldErrors;
  /** The save call's failure, in the catalogue's words. */
  readonly failure: string | null;
  readonly saving: boolean;
  /** Someone else corrected the attempt since it was opened: the fields the reviewer corrected, theirs and the reviewer's; null otherwise. */
  readonly conflict: readonly AttemptFieldChange[] | null;
  readonly change: (field: EditField, value: string) => void;
  readonly save: () => void;
  readonly cancel: () => void;
  readonly showTheirs: () => void;
  readonly saveMineAgain: () => void;
};

// Binds the attempt-editing machine (docs/machines/attempt-edit.md) to the session-review port: a
// save PATCHes the attempt, and the answer the machine announces (the attempt as stored, the
// session's figures) goes into the session on screen: one round trip, no second read. `label`
// ("challenge 1, attempt 2") names the attempt being corrected in the confirmation.
export function useAttemptEditActor(gameType: string, sessionId: GameSessionId, levelId: GameLevelId, label: RefObject<string | null>): AttemptEditActor {
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
  useEffect(() => {
    const corrected = actor.on("attempt.corrected", (event) => {
      applyCorrection(event.answer);
      confirmChange({ title: "Correction saved", description: correctionInWords(label.current, { score: event.answer.score, is_correct: event.answer.score_details.is_correct }) });
    });
    // A save with nothing changed closes the row too, but says so rather than closing silently.
    const unchanged = actor.on("attempt.unchanged", () => confirmNothingChanged());
    return () => {
      corrected.unsubscribe();
      unchanged.unsubscribe();
    };
  }, [actor, applyCorrection, label]);
  return actor;
}

/** The correction form's view of the machine: its draft, errors, failure and conflict, and its events. */
export function useAttemptEditing(actor: AttemptEditActor): AttemptEditing {
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  const row = useSelector(actor, (snapshot) => snapshot.context.row);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const conflict = useMemo(() => (state !== "conflict" || row === null || current === null ? null : attemptConflict(row, current, draft)), [state, row, current, draft]);
  const change = useCallback((field: EditField, value: string) => actor.send({ type: "edit.change", field, value }), [actor]);
  const save = useCallback(() => actor.send({ type: "edit.save" }), [actor]);
  const cancel = useCallback(() => actor.send({ type: "edit.cancel" }), [actor]);
  const showTheirs = useCallback(() => actor.send({ type: "conflict.reload" }), [actor]);
  const saveMineAgain = useCallback(() => actor.send({ type: "conflict.reapply" }), [actor]);
  return {
    draft,
    fieldErrors,
    failure: state === "editing" ? (failure?.message ?? null) : null,
    saving: state === "saving" || state === "loadingCurrent",
    conflict,
    change,
    save,
    cancel,
    showTheirs,
    saveMineAgain,
  };
}
