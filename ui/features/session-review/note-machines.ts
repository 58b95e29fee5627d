import { fromPromise } from "xstate";
import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import type { NoteTypeId } from "../../../domain/shared/ids.ts";
import { type LoadNoteInput, noteEditMachine, type SaveNoteInput } from "../../../machines/session-review/note-edit.machine.ts";
import { noteFormMachine, type SubmitNoteInput } from "../../../machines/session-review/note-form.machine.ts";
import { copyNoteMachine, type CopyTextInput } from "../../../machines/session-review/copy-note.machine.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";

// The note machines of a session page get their effects here, beside the lazy parts they serve
// (note-forms.ts and copy-note.tsx, loaded after the page's heading): in session-review-machines.ts,
// which the page itself imports for the attempt editing, they travelled with the heading (issue 35).

/** The note-form machine on the page's save of a new or edited note (docs/machines/note-form.md). */
export const noteFormLogicFor = (submit: (typeId: NoteTypeId, content: string) => Promise<void>) =>
  noteFormMachine.provide({ actors: { submitNote: fromPromise<void, SubmitNoteInput>(({ input }) => submit(input.typeId, input.content)) } });

/** What editing a note saves and reads with. */
export type NoteEditDependencies = {
  readonly save: (input: SaveNoteInput) => Promise<AttemptNoteView>;
  readonly load: (input: LoadNoteInput) => Promise<AttemptNoteView>;
};

/** The note-edit machine on the session-review port (docs/session-review.md, "Concurrent edits"). */
export const noteEditLogicFor = ({ save, load }: NoteEditDependencies) =>
  noteEditMachine.provide({
    actors: {
      saveRecord: fromPromise<AttemptNoteView, SaveNoteInput>(({ input }) => save(input)),
      loadRecord: fromPromise<AttemptNoteView, LoadNoteInput>(({ input }) => load(input)),
    },
  });

/** The clipboard's write of the note; rejects where the browser has no clipboard to give (an insecure page, an old browser). */
const writeToClipboard = async (text: string): Promise<void> => {
  if (typeof navigator === "undefined" || navigator.clipboard === undefined) throw new Error("No clipboard in this browser");
  await navigator.clipboard.writeText(text);
};

/** Copy note of a reviewed session (docs/session-note.md): the Clipboard API, and "Note copied" as a toast and a polite announcement. */
export const copyNoteLogic = copyNoteMachine.provide({
  actors: { copyText: fromPromise<void, CopyTextInput>(({ input }) => writeToClipboard(input.text)) },
  actions: { announceCopied: () => confirmChange({ title: "Note copied" }) },
});
