import type { NoteTypeId } from "../shared/ids.ts";
import { MAX_NOTE_LENGTH } from "./attempts-wire.ts";

/** Which field of the note form a problem belongs to. */
export type NoteDraftProblem = { readonly field: "type" | "content"; readonly message: string };

/** The note form's check before any call: a note type chosen, a text that is not blank and not too long. */
export const checkNoteDraft = (typeId: NoteTypeId | null, content: string): NoteDraftProblem | null => {
  const text = content.trim();
  if (typeId === null) return { field: "type", message: "Choose a note type" };
  if (text === "") return { field: "content", message: "The note is required" };
  if (text.length > MAX_NOTE_LENGTH) return { field: "content", message: `The note must be at most ${MAX_NOTE_LENGTH} characters` };
  return null;
};
