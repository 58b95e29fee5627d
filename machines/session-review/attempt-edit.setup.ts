import { assign, emit, fromPromise, setup } from "xstate";
import { attemptDraftOnCurrent } from "../../domain/session-review/attempt-conflict.ts";
import { type AttemptDraft, type DraftFieldErrors, draftFromRow, draftToPatch } from "../../domain/session-review/attempt-draft.ts";
import { type EditField, editableFieldsFor } from "../../domain/session-review/attempt-edit.ts";
import type { AttemptRow } from "../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptPatchWire } from "../../domain/session-review/attempt-patch.ts";
import type { AttemptCorrectionAnswer } from "../../domain/session-review/correction-answer.ts";
import type { AttemptId } from "../../domain/shared/ids.ts";
import { isStaleVersionFailure } from "../../domain/shared/record-conflict.ts";
import { failureOf, toAuthFailure, type AuthFailure } from "../shared/auth-failure.ts";

export type AttemptEditContext = {
  /** The session's game: it decides which corrections its PATCH carries. */
  readonly gameType: string;
  /** The row being corrected, as the reviewer opened it (its version is the one a save names); null while only viewing. */
  readonly row: AttemptRow | null;
  readonly draft: AttemptDraft;
  readonly fieldErrors: DraftFieldErrors;
  /** During a conflict: the attempt as someone else stored it meanwhile. */
  readonly current: AttemptRow | null;
  /** Why the last save or the read after a stale refusal failed, in the catalogue's words. */
  readonly failure: AuthFailure | null;
  /** The attempt whose correction was saved last (the page may announce it). */
  readonly lastSaved: AttemptId | null;
};

export type AttemptEditEvent =
  | { readonly type: "edit.start"; readonly row: AttemptRow }
  | { readonly type: "edit.change"; readonly field: EditField; readonly value: string }
  | { readonly type: "edit.save" }
  | { readonly type: "edit.cancel" }
  | { readonly type: "conflict.reload" }
  | { readonly type: "conflict.reapply" };

export type AttemptEditInput = { readonly gameType: string };

/** What `saveAttempt` is given: PATCH attempt/{attemptId}/ with `body`, If-Match the `version` the correction started from. */
export type SaveAttemptInput = { readonly attemptId: AttemptId; readonly body: AttemptPatchWire; readonly version: number };

/**
 * What the machine emits once a correction is saved: PATCH's answer, the attempt as stored and the
 * session's figures as it left them, for the page to show without reading the session again.
 */
export type AttemptEditEmitted =
  | { readonly type: "attempt.corrected"; readonly answer: AttemptCorrectionAnswer }
  /** A save with nothing changed closed the editor without a call: the page says so rather than closing silently. */
  | { readonly type: "attempt.unchanged" };

/** What `loadAttempt` is given: read the session again and answer this attempt's row as stored now (null: it is gone). */
export type LoadAttemptInput = { readonly attemptId: AttemptId };

export const draftOutcome = (context: AttemptEditContext) =>
  context.row === null ? null : draftToPatch(context.gameType, context.row, context.draft);

export const closed = { row: null, draft: {}, fieldErrors: {}, current: null } as const;

/** The error an invoked actor rejected with. */
export const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
/** The transition's params that hand the actor's error to `rememberFailure`. */
export const rememberError = { type: "rememberFailure", params: errorOf } as const;

export const attemptEditSetup = setup({
  types: {
    context: {} as AttemptEditContext,
    events: {} as AttemptEditEvent,
    input: {} as AttemptEditInput,
    emitted: {} as AttemptEditEmitted,
  },
  actors: {
    // Provided by the app (the session-review port); placeholders fail loudly.
    saveAttempt: fromPromise<AttemptCorrectionAnswer, SaveAttemptInput>(() => Promise.reject(new Error('attempt-edit actor "saveAttempt" was not provided'))),
    loadAttempt: fromPromise<AttemptRow | null, LoadAttemptInput>(() => Promise.reject(new Error('attempt-edit actor "loadAttempt" was not provided'))),
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
    reappliedIsUnchanged: ({ context }) => {
      if (context.row === null || context.current === null) return true;
      const outcome = draftToPatch(context.gameType, context.current, attemptDraftOnCurrent(context.row, context.current, context.draft));
      return outcome.ok && outcome.patch === null;
    },
    isStaleVersion: (_, error: unknown) => isStaleVersionFailure(error),
    currentIsFound: (_, current: AttemptRow | null) => current !== null,
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
    // The answer is the news: the page puts the attempt and the figures into the session it shows.
    announceSaved: emit((_, answer: AttemptCorrectionAnswer) => ({ type: "attempt.corrected" as const, answer })),
    announceUnchanged: emit({ type: "attempt.unchanged" }),
    rememberFailure: assign((_, error: unknown) => ({ failure: toAuthFailure(error) })),
    rememberCurrent: assign((_, current: AttemptRow | null) => ({ current })),
    // Their version replaces the reviewer's: the row opens again as it is stored now.
    takeCurrent: assign(({ context }) => (context.current === null ? {} : { row: context.current, draft: draftFromRow(context.current), current: null, failure: null })),
    // The reviewer's correction, moved onto the stored version so a save names that version.
    reapplyOnCurrent: assign(({ context }) =>
      context.row === null || context.current === null
        ? {}
        : { row: context.current, draft: attemptDraftOnCurrent(context.row, context.current, context.draft), current: null, failure: null },
    ),
  },
});
