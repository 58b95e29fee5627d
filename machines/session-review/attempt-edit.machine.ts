import type { SnapshotFrom } from "xstate";
import type { AttemptId } from "../../domain/shared/ids.ts";
import { conflictState, loadingCurrentState } from "./attempt-edit.conflict-states.ts";
import { attemptEditSetup, closed, draftOutcome, errorOf, rememberError, type SaveAttemptInput } from "./attempt-edit.setup.ts";

/**
 * Correcting one attempt of a session (spec sections 4 and 5): only a row the server flags
 * editable opens, and only one at a time. A save sends just the fields the reviewer changed
 * (nothing changed closes the editor without a call and emits `attempt.unchanged`, so the page says so), naming the attempt's version it started
 * from; once saved, the answer (the attempt as stored and the session's figures) is emitted as
 * `attempt.corrected` for the page to show: one round trip, no second read. A save refused because someone else corrected the attempt meanwhile becomes a
 * conflict: the reviewer sees what changed and chooses their version or the stored one.
 */
export const attemptEditMachine = attemptEditSetup.createMachine({
  id: "attemptEdit",
  context: ({ input }) => ({ gameType: input.gameType, ...closed, failure: null, lastSaved: null }),
  initial: "viewing",
  states: {
    viewing: {
      on: {
        "edit.start": { guard: "rowIsEditable", target: "editing", actions: "openRow" },
      },
    },
    editing: {
      on: {
        "edit.change": { guard: "fieldIsOffered", actions: "changeField" },
        "edit.save": [
          { guard: "draftIsInvalid", actions: "showDraftErrors" },
          { guard: "draftIsUnchanged", target: "viewing", actions: ["announceUnchanged", "close"] },
          { target: "saving", actions: "clearMessages" },
        ],
        "edit.cancel": { target: "viewing", actions: "close" },
      },
    },
    saving: {
      invoke: {
        id: "saveAttempt",
        src: "saveAttempt",
        input: ({ context }): SaveAttemptInput => {
          const outcome = draftOutcome(context);
          // The save guards let only a changed, valid draft of an open row reach this state.
          if (context.row === null || outcome === null || !outcome.ok || outcome.patch === null) {
            throw new Error("attempt-edit: saving without a changed, valid draft");
          }
          return { attemptId: context.row.id, body: outcome.patch, version: context.row.version };
        },
        onDone: { target: "viewing", actions: ["rememberSaved", { type: "announceSaved", params: ({ event }) => event.output }, "close"] },
        onError: [
          { guard: { type: "isStaleVersion", params: errorOf }, target: "loadingCurrent" },
          { target: "editing", actions: rememberError },
        ],
      },
    },
    loadingCurrent: loadingCurrentState,
    conflict: conflictState,
  },
});

export type AttemptEditSnapshot = SnapshotFrom<typeof attemptEditMachine>;

/** Whether this attempt's row is the one open for correction (being edited, saved, reloaded or in conflict). */
export const isEditingRow = (snapshot: AttemptEditSnapshot, attemptId: AttemptId): boolean =>
  !snapshot.matches("viewing") && snapshot.context.row?.id === attemptId;
