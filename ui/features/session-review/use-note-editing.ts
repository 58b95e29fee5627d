import { useCallback, useEffect, useRef, useState } from "react";
import type { AttemptId } from "../../../domain/shared/ids.ts";
import type { NoteTarget } from "./attempt-notes.tsx";

export type NoteEditing = {
  readonly open: { readonly attemptId: AttemptId; readonly target: NoteTarget } | null;
  readonly setOpen: (attemptId: AttemptId, target: NoteTarget | null) => void;
};

// One note form open on the whole page at a time. When it closes (saved or cancelled), focus goes
// back to the button that opened it, never to <body>: "Add note" or that note's "Edit note".
export function useNoteEditing(): NoteEditing {
  const [open, setOpenState] = useState<NoteEditing["open"]>(null);
  const previous = useRef(open);
  useEffect(() => {
    const closed = previous.current;
    previous.current = open;
    if (closed !== null && open === null) {
      document.querySelector<HTMLElement>(`[data-note-attempt="${closed.attemptId}"][data-note-button="${closed.target}"]`)?.focus();
    }
  }, [open]);
  const setOpen = useCallback((attemptId: AttemptId, target: NoteTarget | null) => setOpenState(target === null ? null : { attemptId, target }), []);
  return { open, setOpen };
}
