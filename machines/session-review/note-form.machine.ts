import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { type NoteDraftProblem, checkNoteDraft } from "../../domain/session-review/note-draft-check.ts";
import type { NoteTypeId } from "../../domain/shared/ids.ts";

export type NoteFormContext = {
  readonly typeId: NoteTypeId | null;
  readonly content: string;
  /** What the form's check found (a field to fix), shown until the next save. */
  readonly problem: NoteDraftProblem | null;
  /** Why the last save failed, as the page's save rejected (the form shows it in the catalogue's words). */
  readonly failure: unknown;
};

export type NoteFormEvent =
  | { readonly type: "note.type"; readonly typeId: NoteTypeId | null }
  | { readonly type: "note.content"; readonly content: string }
  | { readonly type: "note.submit" };

/** What `submitNote` is given: the note type and the text, trimmed. */
export type SubmitNoteInput = { readonly typeId: NoteTypeId; readonly content: string };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * One note form (a new note, or the form of a note being edited; docs/session-review.md): the
 * type and text as typed, checked before any call (checkNoteDraft), then `submitNote`, which the
 * page provides (a new note's POST, or the note-edit machine's save with its conflict handling).
 * A refused save keeps everything typed, with the reason; a save that went through (or became a
 * conflict the page shows) returns to filling, since the page decides whether the form closes.
 */
export const noteFormMachine = setup({
  types: {
    context: {} as NoteFormContext,
    events: {} as NoteFormEvent,
    input: {} as { readonly typeId: NoteTypeId | null; readonly content: string },
  },
  actors: {
    // Provided by the page; the placeholder fails loudly.
    submitNote: fromPromise<void, SubmitNoteInput>(() => Promise.reject(new Error('noteForm actor "submitNote" was not provided'))),
  },
  guards: {
    draftIsInvalid: ({ context }) => checkNoteDraft(context.typeId, context.content) !== null,
  },
  actions: {
    setType: assign(({ event }) => (event.type === "note.type" ? { typeId: event.typeId } : {})),
    setContent: assign(({ event }) => (event.type === "note.content" ? { content: event.content } : {})),
    showProblem: assign(({ context }) => ({ problem: checkNoteDraft(context.typeId, context.content), failure: null })),
    clearMessages: assign({ problem: null, failure: null }),
    rememberFailure: assign((_, error: unknown) => ({ failure: error ?? null })),
  },
}).createMachine({
  id: "noteForm",
  context: ({ input }) => ({ typeId: input.typeId, content: input.content, problem: null, failure: null }),
  initial: "filling",
  // Typing is taken while a save runs too, as a text field never refuses keys.
  on: {
    "note.type": { actions: "setType" },
    "note.content": { actions: "setContent" },
  },
  states: {
    filling: {
      on: {
        "note.submit": [{ guard: "draftIsInvalid", actions: "showProblem" }, { target: "saving", actions: "clearMessages" }],
      },
    },
    saving: {
      invoke: {
        id: "submitNote",
        src: "submitNote",
        input: ({ context }): SubmitNoteInput => {
          // The submit guard lets only a checked draft reach this state.
          if (context.typeId === null) throw new Error("noteForm: saving without a note type");
          return { typeId: context.typeId, content: context.content.trim() };
        },
        onDone: { target: "filling" },
        onError: { target: "filling", actions: { type: "rememberFailure", params: errorOf } },
      },
    },
  },
});

export type NoteFormSnapshot = SnapshotFrom<typeof noteFormMachine>;
