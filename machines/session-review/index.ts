// What other features may use of the session review machines: the copy-note machine, which copies
// any plain text and announces it (the progress report's "Copy as text", issue 37).
export { copyNoteMachine, type CopyNoteSnapshot, type CopyTextInput } from "./copy-note.machine.ts";
