import { copyNoteMachine } from "../session-review/copy-note.machine.ts";
import { attemptEditMachine } from "../session-review/attempt-edit.machine.ts";
import { noteEditMachine } from "../session-review/note-edit.machine.ts";
import { noteFormMachine } from "../session-review/note-form.machine.ts";
import { reviewWorkdayMachine } from "../session-review/review-workday.machine.ts";
import type { MachineDoc } from "./machine-doc.ts";

/** The session-review feature's pages of docs/machines/ (machine-docs.ts lists them with the others). */
export const SESSION_REVIEW_MACHINE_DOCS: readonly MachineDoc[] = [
  {
    path: "docs/machines/attempt-edit.md",
    title: "Attempt editing",
    summary:
      "Corrects one attempt of a session at a time (spec sections 4 and 5): only a row the server flags editable opens; a save sends just the fields the reviewer changed, and its answer (the attempt as stored, the session's figures) is emitted for the page to show: one round trip, no second read.",
    notes: [
      "Input: `{ gameType }`, the session's game; it decides which fields the PATCH may carry (`PATCHABLE_FIELDS`). Events: `edit.start { row }`, `edit.change { field, value }`, `edit.save`, `edit.cancel`.",
      "Actors (provided by the page from the session-review port): `saveAttempt({ attemptId, body, version })`, PATCH attempt/{id}/ with an `AttemptPatchWire` body, answering `AttemptCorrectionAnswer`, and `loadAttempt({ attemptId })` after a stale refusal. A rejection is kept as an `AuthFailure` in `context.failure` (anything without a catalogue code reads as ERROR_001, HTTP 429 as ERROR_012).",
      "Emitted: `attempt.corrected { answer }` once a save went through, the PATCH answer (the attempt as the detail shows it and `session`, its recomputed figures); the page puts both into the session on screen (`withCorrection`). Nothing reads the session after a save.",
      "The draft is the form's text per field (`domain/session-review/attempt-draft.ts`). `draftToPatch` checks only fields the row's kind offers and the reviewer changed: the score 0 to 1 in steps of 0.1 (an emptied score is required), the result correct or incorrect, texts at most 1000 characters; word lists are split at commas, trimmed and blanks dropped. Parrot and AI chit-chat offer only the result; `edit.change` of a field the row does not offer is ignored.",
      "A draft with errors stays in `editing` with `fieldErrors` (retyping a field clears its message); an unchanged draft (a value retyped in another spelling included) closes without a call. `edit.start` is ignored while a row is open, saving or reloading, and `edit.cancel` while saving: one row at a time.",
      "A refused save returns to `editing` with the catalogue message and the draft kept. A saved one returns to `viewing` with `lastSaved` naming the attempt.",
      "Concurrent edits (issue 19): the save names the attempt's version (If-Match). A 412 on `version` (`isStaleVersionFailure`) reads the session again (`loadingCurrent`) and rests in `conflict` with the reviewer's draft kept: `conflict.reload` reopens the row as stored now, `conflict.reapply` sends only the reviewer's fields against the new version (nothing when the stored attempt already matches).",
    ],
    source: "machines/session-review/attempt-edit.machine.ts",
    machine: attemptEditMachine,
  },
  {
    path: "docs/machines/review-workday.md",
    title: "Review workday (the session page)",
    summary:
      "The reviewer's workday on one session page (issue 23's review loop): the keyboard shortcuts' help open or closed, whether the session was marked reviewed on this page, the page of challenges shown, and the single-key shortcuts as events.",
    notes: [
      "Events: `help.open` (the Keyboard shortcuts button, or ?), `help.close`, `review.marked { reviewed }` (a review mark went through), `offer.shown` (the offer after the mark is on the page, sent again with each answer of the queue), `challenges.page { page }`, and one event per shortcut (`SHORTCUT_EVENT`: j `attempt.next`, k `attempt.previous`, e `attempt.edit`, n `session.next`, p `session.previous`, r `review.focus`). Which key is which command, and when a key is no shortcut (typing, a modifier, shortcuts off), is domain/session-review/review-shortcuts.ts.",
      "The machine never touches the document: it emits what the page does (ui/features/session-review/use-review-workday.ts), `page.focusAttempt { direction }`, `page.editFocusedAttempt`, `page.focusReviewActions`, `page.focusOffer` and `page.goToSession { step }`.",
      "`session.next` goes to the next pending session, or, once the session was marked reviewed on this page (`reviewedHere`), to the one the page offers after the mark; reopening the review on the page forgets the mark. The offer takes the focus once per mark (`offerComing` to `offerFocused` on the first `offer.shown`): a later answer of the queue changes its words, never the focus. The page is keyed by the session: another session starts a new workday.",
    ],
    source: "machines/session-review/review-workday.machine.ts",
    machine: reviewWorkdayMachine,
  },
  {
    path: "docs/machines/note-edit.md",
    title: "Note editing (session review)",
    summary:
      "Saves the edit of an SLP note with the version it was opened on; when someone else changed the note meanwhile, reads the session again for the stored note and lets the SLP see it or save their text and type again, without losing what they typed.",
    notes: [
      "Built by `createRecordEditMachine` (machines/shared/record-edit.machine.ts), the shape the template editor shares. Input: `{ record }`, the note as opened. Events: `edit.save { draft }` (`{ typeId, content }`), `conflict.reload`, `conflict.reapply`.",
      "Actors (provided by the session page): `saveRecord({ record, draft })`, PATCH attempt-notes/{id}/ with If-Match `\"<record.version>\"`, and `loadRecord({ record })`, GET game-session/{id}/detailed/ again and the note found in it (a note the session no longer holds rejects). Any other rejection returns to `editing` with `failure` (the form shows it).",
      "A 412 on `version` goes to `loadingCurrent`, then `conflict` with `current` and `mine`; the page lists the text and the note type the SLP changed (`noteConflict`). `conflict.reapply` carries the draft onto the stored note (`noteDraftOnCurrent`: what the SLP did not change takes the stored value) and saves naming its version, and may meet another conflict.",
    ],
    source: "machines/session-review/note-edit.machine.ts",
    machine: noteEditMachine,
  },
  {
    path: "docs/machines/note-form.md",
    title: "Note form (session review)",
    summary:
      "One SLP note form, a new note or the edit of one: the type and text as typed, checked before any call, then the page's save; the form renders this machine and keeps no state of its own.",
    notes: [
      "Input: `{ typeId, content }` (the form's first values). Events: `note.type { typeId }`, `note.content { content }` (taken while saving too), `note.submit`.",
      "`note.submit` checks the draft (`checkNoteDraft`: a type chosen, a text not blank, at most 5000 characters); a problem stays in `filling` as `problem` on its field, with no call.",
      "Actor (provided by the form from the page): `submitNote({ typeId, content })`, the text trimmed: a new note's POST attempt-notes/, or an edit through the note-edit machine (which handles a stale version as a conflict). Its answer returns to `filling` (the page closes the form, or shows the conflict); a rejection returns to `filling` with `failure`, everything typed kept.",
    ],
    source: "machines/session-review/note-form.machine.ts",
    machine: noteFormMachine,
  },
  {
    path: "docs/machines/copy-note.md",
    title: "Copy note (session review)",
    summary:
      "Copy note of a reviewed session (docs/session-note.md): the session's plain-text note goes to the clipboard and is announced as copied; where the browser refuses the clipboard, the note stays for copying by hand.",
    notes: [
      "Events: `note.copy { text }` (the page builds the text with `sessionNoteText`, domain/session-review/session-note-text.ts), `manual.close`. `note.copy` is ignored while a copy runs.",
      "Actor (provided in ui/features/session-review/session-review-machines.ts): `copyText({ text })`, `navigator.clipboard.writeText`. Action: `announceCopied`, the app's confirmation (a \"Note copied\" toast and a polite announcement).",
      "A rejection (no clipboard permission, no clipboard on an insecure page) rests in `manual` with the text in context: the page shows it in a read-only text area, selected, with how to copy it by hand.",
    ],
    source: "machines/session-review/copy-note.machine.ts",
    machine: copyNoteMachine,
  },
];
