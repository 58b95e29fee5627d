import { fromPromise } from "xstate";
import type { AttemptNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptCorrectionAnswer } from "../../../domain/session-review/correction-answer.ts";
import type { NoteTypeId } from "../../../domain/shared/ids.ts";
import { attemptEditMachine } from "../../../machines/session-review/attempt-edit.machine.ts";
import type { LoadAttemptInput, SaveAttemptInput } from "../../../machines/session-review/attempt-edit.setup.ts";
import { type LoadNoteInput, noteEditMachine, type SaveNoteInput } from "../../../machines/session-review/note-edit.machine.ts";
import { noteFormMachine, type SubmitNoteInput } from "../../../machines/session-review/note-form.machine.ts";
import { copyNoteMachine, type CopyTextInput } from "../../../machines/session-review/copy-note.machine.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";

// The session-review feature's machines get their effects here and nowhere else (docs/ui.md,
// "Where machines are provided"); components pass in the calls they own and render the actor.

/** What correcting an attempt saves and reads with: the PATCH (its answer is the saved attempt and the session's figures) and the attempt as stored. */
export type AttemptEditDependencies = {
  readonly save: (input: SaveAttemptInput) => Promise<AttemptCorrectionAnswer>;
  readonly load: (input: LoadAttemptInput) => Promise<AttemptRow | null>;
};

/** The attempt-editing machine on the session-review port (docs/machines/attempt-edit.md). */
export const attemptEditLogicFor = ({ save, load }: AttemptEditDependencies) =>
  attemptEditMachine.provide({
    actors: {
      saveAttempt: fromPromise<AttemptCorrectionAnswer, SaveAttemptInput>(({ input }) => save(input)),
      loadAttempt: fromPromise<AttemptRow | null, LoadAttemptInput>(({ input }) => load(input)),
    },
  });

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
