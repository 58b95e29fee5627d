import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";

export type CopyNoteContext = {
  /** The note as last asked for: what the manual copy shows when the clipboard refused it. */
  readonly text: string;
};

export type CopyNoteEvent = { readonly type: "note.copy"; readonly text: string } | { readonly type: "manual.close" };

/** What `copyText` is given: the note's plain text. */
export type CopyTextInput = { readonly text: string };

/**
 * "Copy note" of a reviewed session (docs/session-note.md): the page's text goes to the clipboard
 * (`copyText`, provided by the page: the Clipboard API); once it is there `announceCopied` tells
 * the person (a toast and a polite announcement). A browser that refuses the clipboard (no
 * permission, an insecure page) leaves the note in `manual`, where the page shows it selected for
 * copying by hand. Asking again from any state but `copying` copies the note as it stands now.
 */
export const copyNoteMachine = setup({
  types: { context: {} as CopyNoteContext, events: {} as CopyNoteEvent },
  actors: {
    // Provided by the page; the placeholder fails, which lands in the manual copy.
    copyText: fromPromise<void, CopyTextInput>(() => Promise.reject(new Error('copyNote actor "copyText" was not provided'))),
  },
  actions: {
    remember: assign(({ event }) => (event.type === "note.copy" ? { text: event.text } : {})),
    // Provided by the page (the app's confirmation); nothing by default.
    announceCopied: () => undefined,
  },
}).createMachine({
  id: "copyNote",
  context: { text: "" },
  initial: "idle",
  states: {
    idle: { on: { "note.copy": { target: "copying", actions: "remember" } } },
    copying: {
      invoke: {
        id: "copyText",
        src: "copyText",
        input: ({ context }): CopyTextInput => ({ text: context.text }),
        onDone: { target: "copied", actions: "announceCopied" },
        onError: { target: "manual" },
      },
    },
    copied: { on: { "note.copy": { target: "copying", actions: "remember" } } },
    manual: {
      on: {
        "note.copy": { target: "copying", actions: "remember" },
        "manual.close": { target: "idle" },
      },
    },
  },
});

export type CopyNoteSnapshot = SnapshotFrom<typeof copyNoteMachine>;
