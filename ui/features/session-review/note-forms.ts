// The note forms of a session page (a new note, an edit with its conflict view): one lazy chunk,
// loaded by attempt-notes.tsx once the page has committed, so it is there before anyone presses
// Add note, and not before the page's heading (issue 35).
export { NoteEditSection } from "./note-edit-section.tsx";
export { NoteForm } from "./note-form.tsx";
