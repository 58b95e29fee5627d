import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect } from "react";
import { waitFor } from "xstate";
import { isRecordSaveBusy, type RecordEditMachine, type VersionedRecord } from "../../machines/shared/record-edit.machine.ts";
import { confirmChange } from "../feedback/confirm-change.ts";

export type RecordEditOptions<R extends VersionedRecord, D, A extends readonly unknown[]> = {
  /** The record-edit machine as the feature provided it (its `*-machines.ts`), kept stable by the caller. */
  readonly logic: RecordEditMachine<R, D>;
  /** The record as the form opens on it. */
  readonly record: R;
  /** The form's save in the machine's words: the draft it sends, or null when there is nothing to send. A module constant, so `save` stays the same. */
  readonly draftOf: (...args: A) => D | null;
  /** What the form's save rejects with when it met a conflict (a form that shows nothing for it); without it the form just waits with its draft. */
  readonly conflictRefusal?: unknown;
  readonly onSaved: () => void;
  /** Said once the save went through (a toast and a polite announcement in one); a page that says it itself leaves it out. */
  readonly savedTitle?: string;
};

/** A conflict as the person decides it: the record as someone else stored it and their own edit. */
export type RecordConflict<R, D> = { readonly current: R; readonly mine: D };

export type RecordEdit<R, D, A extends readonly unknown[]> = {
  /** The record the form is filled from (the stored one after "Show their version"). */
  readonly started: R;
  /** A save on its way (sent, or the stored record being read after a refusal). */
  readonly busy: boolean;
  readonly inConflict: boolean;
  /** Set while the machine rests in `conflict` with both sides known. */
  readonly conflict: RecordConflict<R, D> | null;
  /** How many times the person chose their version: the form is keyed on it, so only that choice starts a fresh form. */
  readonly reloads: number;
  /** The form's save: it settles with the machine, rejecting with a refusal of the form's own. */
  readonly save: (...args: A) => Promise<void>;
  readonly showTheirs: () => void;
  readonly saveMine: () => void;
};

// One record edited in place on the record-edit machine (machines/shared/record-edit.machine.ts):
// a save names the version the form was filled from; a conflict is the panel's to show.
export function useRecordEdit<R extends VersionedRecord, D, A extends readonly unknown[]>({
  logic,
  record,
  draftOf,
  conflictRefusal,
  onSaved,
  savedTitle,
}: RecordEditOptions<R, D, A>): RecordEdit<R, D, A> {
  const actor = useActorRef(logic, { input: { record } });
  const started = useSelector(actor, (snapshot) => snapshot.context.started);
  const inConflict = useSelector(actor, (snapshot) => snapshot.matches("conflict"));
  const busy = useSelector(actor, isRecordSaveBusy);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const mine = useSelector(actor, (snapshot) => snapshot.context.mine);
  const reloads = useSelector(actor, (snapshot) => snapshot.context.reloads);
  const done = useSelector(actor, (snapshot) => snapshot.status === "done");

  useEffect(() => {
    if (!done) return;
    if (savedTitle !== undefined) confirmChange({ title: savedTitle });
    onSaved();
  }, [done, onSaved, savedTitle]);

  // The form's promise settles with the machine: refused for a reason of its own, the form shows it;
  // a conflict is the panel's to show, so the form waits with the draft (or hears `conflictRefusal`).
  const save = useCallback(
    async (...args: A) => {
      const draft = draftOf(...args);
      if (draft === null) return;
      actor.send({ type: "edit.save", draft });
      const settled = await waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot), { timeout: Number.POSITIVE_INFINITY });
      if (settled.matches("editing") && settled.context.failure !== null) throw settled.context.failure;
      if (settled.matches("conflict") && conflictRefusal !== undefined) throw conflictRefusal;
    },
    [actor, draftOf, conflictRefusal],
  );

  return {
    started,
    busy,
    inConflict,
    conflict: inConflict && current !== null && mine !== null ? { current, mine } : null,
    reloads,
    save,
    showTheirs: () => actor.send({ type: "conflict.reload" }),
    saveMine: () => actor.send({ type: "conflict.reapply" }),
  };
}
