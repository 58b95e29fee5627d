import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { type AttemptDraft, type DraftFieldErrors, draftFromRow, draftToPatch } from "../../domain/session-review/attempt-draft.ts";
import { type EditField, editableFieldsFor } from "../../domain/session-review/attempt-edit.ts";
import type { AttemptRow } from "../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptPatchWire } from "../../domain/session-review/attempt-patch.ts";
import type { AttemptId } from "../../domain/shared/ids.ts";
import { failureOf, toAuthFailure, type AuthFailure } from "../shared/auth-failure.ts";

export type AttemptEditContext = {
  /** The session's game: it decides which corrections its PATCH carries. */
  readonly gameType: string;
  /** The row being corrected; null while only viewing. */
  readonly row: AttemptRow | null;
  readonly draft: AttemptDraft;
  readonly fieldErrors: DraftFieldErrors;
  /** Why the last save or the reload after it failed, in the catalogue's words. */
  readonly failure: AuthFailure | null;
  /** The attempt whose correction was saved last (the page may announce it). */
  readonly lastSaved: AttemptId | null;
};

export type AttemptEditEvent =
  | { readonly type: "edit.start"; readonly row: AttemptRow }
  | { readonly type: "edit.change"; readonly field: EditField; readonly value: string }
  | { readonly type: "edit.save" }
  | { readonly type: "edit.cancel" };

export type AttemptEditInput = { readonly gameType: string };

/** What `saveAttempt` is given: PATCH attempt/{attemptId}/ with `body`. */
export type SaveAttemptInput = { readonly attemptId: AttemptId; readonly body: AttemptPatchWire };

const draftOutcome = (context: AttemptEditContext) =>
  context.row === null ? null : draftToPatch(context.gameType, context.row, context.draft);

const closed = { row: null, draft: {}, fieldErrors: {} } as const;

/**
 * Correcting one attempt of a session (spec sections 4 and 5): only a row the server flags
 * editable opens, and only one at a time. A save sends just the fields the reviewer changed
 * (nothing changed closes the editor without a call); once saved, the session detail is read
 * again so the tables and statistics show the correction.
 */
export const attemptEditMachine = setup({
  types: {
    context: {} as AttemptEditContext,
    events: {} as AttemptEditEvent,
    input: {} as AttemptEditInput,
  },
  actors: {
    // Provided by the app (the session-review port); placeholders fail loudly.
    saveAttempt: fromPromise<unknown, SaveAttemptInput>(() =>
      Promise.reject(new Error('attempt-edit actor "saveAttempt" was not provided')),
    ),
    refreshSession: fromPromise<void, void>(() => Promise.reject(new Error('attempt-edit actor "refreshSession" was not provided'))),
  },
  guards: {
    rowIsEditable: ({ event }) => event.type === "edit.start" && event.row.isEditable,
    fieldIsOffered: ({ context, event }) =>
      event.type === "edit.change" && context.row !== null && editableFieldsFor(context.row.kind).some((field) => field.name === event.field),
    draftIsInvalid: ({ context }) => draftOutcome(context)?.ok === false,
    draftIsUnchanged: ({ context }) => {
      const outcome = draftOutcome(context);
      return outcome === null || (outcome.ok && outcome.patch === null);
    },
  },
  actions: {
    openRow: assign(({ event }) =>
      event.type === "edit.start" ? { row: event.row, draft: draftFromRow(event.row), fieldErrors: {}, failure: null } : {},
    ),
    changeField: assign(({ context, event }) => {
      if (event.type !== "edit.change") return {};
      // The field's message goes as the reviewer retypes it; the others stay until the next save.
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { draft: { ...context.draft, [event.field]: event.value }, fieldErrors };
    }),
    showDraftErrors: assign(({ context }) => {
      const outcome = draftOutcome(context);
      return outcome === null || outcome.ok ? {} : { fieldErrors: outcome.fieldErrors, failure: outcome.failure === undefined ? null : failureOf(outcome.failure) };
    }),
    // A new save's outcome replaces the last one's message, so none stands while it runs.
    clearMessages: assign({ fieldErrors: {}, failure: null }),
    close: assign({ ...closed, failure: null }),
    rememberSaved: assign(({ context }) => ({ lastSaved: context.row?.id ?? null, failure: null })),
    rememberFailure: assign((_, error: unknown) => ({ failure: toAuthFailure(error) })),
  },
}).createMachine({
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
          { guard: "draftIsUnchanged", target: "viewing", actions: "close" },
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
          return { attemptId: context.row.id, body: outcome.patch };
        },
        onDone: { target: "refreshing", actions: "rememberSaved" },
        onError: { target: "editing", actions: { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    refreshing: {
      invoke: {
        id: "refreshSession",
        src: "refreshSession",
        onDone: { target: "viewing", actions: "close" },
        onError: {
          target: "viewing",
          actions: ["close", { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
  },
});

export type AttemptEditSnapshot = SnapshotFrom<typeof attemptEditMachine>;

/** Whether this attempt's row is the one open for correction (being edited, saved or reloaded). */
export const isEditingRow = (snapshot: AttemptEditSnapshot, attemptId: AttemptId): boolean =>
  !snapshot.matches("viewing") && snapshot.context.row?.id === attemptId;
