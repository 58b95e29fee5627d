import { useSelector } from "@xstate/react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptId, GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import type { AttemptEditActor } from "./use-attempt-editing.ts";

/**
 * The attempt editor's chunk: the correction form and the attempt-editing machine
 * (docs/machines/attempt-edit.md) with its drafts, conflicts and words, which a session's heading
 * does not wait for (issue 35). Asked for as the page first renders a session for a reviewer who may correct.
 */
export const loadAttemptEditor = () => import("./attempt-editor.tsx");
const EditingMachine = lazy(() => loadAttemptEditor().then((module) => ({ default: module.AttemptEditingMachine })));

/** What the page holds of the attempt editing, before and after its machine has arrived. */
export type DeferredEditing = {
  /** The machine once its code has arrived (the correction form reads it); null until then. */
  readonly actor: AttemptEditActor | null;
  /** The row being corrected (one at a time), or null. */
  readonly editingId: AttemptId | null;
  /** Opens the row's editor; the label ("challenge 1, attempt 2") names the attempt in the confirmation. */
  readonly start: (row: AttemptRow, label?: string) => void;
  readonly cancel: () => void;
  /** Where the machine runs (it draws nothing): the page renders it once. */
  readonly machine: ReactNode;
};

// The tables show their Edit buttons at once (nothing moves when the machine arrives); a press
// that comes first is kept, and the machine starts it as it mounts: the form opens a moment later.
export function useDeferredAttemptEditing(canCorrect: boolean, gameType: string, sessionId: GameSessionId, levelId: GameLevelId): DeferredEditing {
  const [actor, setActor] = useState<AttemptEditActor | null>(null);
  // The machine as soon as it runs (a press may come before the page has drawn with it), and the
  // press that came before it ran.
  const ready = useRef<AttemptEditActor | null>(null);
  const pending = useRef<AttemptRow | null>(null);
  const label = useRef<string | null>(null);
  const editingId = useSelector(actor ?? undefined, (snapshot) => (snapshot === undefined || snapshot.value === "viewing" ? null : (snapshot.context.row?.id ?? null)));
  const start = useCallback((row: AttemptRow, rowLabel?: string) => {
    label.current = rowLabel ?? null;
    if (ready.current === null) pending.current = row;
    else ready.current.send({ type: "edit.start", row });
  }, []);
  const cancel = useCallback(() => {
    pending.current = null;
    ready.current?.send({ type: "edit.cancel" });
  }, []);
  const onReady = useCallback((machine: AttemptEditActor) => {
    ready.current = machine;
    setActor(machine);
    const asked = pending.current;
    pending.current = null;
    if (asked !== null) machine.send({ type: "edit.start", row: asked });
  }, []);
  // When the editor closes (saved, unchanged, cancelled or Escape), focus goes back to the row's
  // edit button rather than to <body>.
  const previous = useRef<AttemptId | null>(null);
  useEffect(() => {
    const closed = previous.current;
    previous.current = editingId;
    if (closed !== null && editingId === null) document.querySelector<HTMLButtonElement>(`[data-edit-attempt="${closed}"]`)?.focus();
  }, [editingId]);
  const machine = canCorrect ? (
    <Suspense fallback={null}>
      <EditingMachine gameType={gameType} sessionId={sessionId} levelId={levelId} label={label} onReady={onReady} />
    </Suspense>
  ) : null;
  return { actor, editingId, start, cancel, machine };
}
