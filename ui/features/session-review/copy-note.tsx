import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useRef } from "react";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { sessionNoteText } from "../../../domain/session-review/session-note-text.ts";
import { Button } from "../../kit/button.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { copyNoteLogic } from "./note-machines.ts";
import * as styles from "./session-review.css.ts";

type CopyNoteProps = {
  readonly detail: SessionDetailWire;
  /** The patient's name as the page shows it; null while it is unknown. */
  readonly patientName: string | null;
};

export const MANUAL_COPY_MESSAGE = "The browser did not let the portal use the clipboard. The note below is selected: press Ctrl+C (Command+C on a Mac) to copy it.";

// "Copy note" of a reviewed session (docs/session-note.md): renders the copy-note machine. The text
// is built when the button is pressed, from the session as it stands then (a correction made since
// the page opened is in it).
export function CopyNote({ detail, patientName }: CopyNoteProps) {
  const actor = useActorRef(copyNoteLogic);
  const copying = useSelector(actor, (snapshot) => snapshot.matches("copying"));
  const manualText = useSelector(actor, (snapshot) => (snapshot.matches("manual") ? snapshot.context.text : null));
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className={styles.copyNote}>
      <Button ref={button} variant="secondary" isPending={copying} onPress={() => actor.send({ type: "note.copy", text: sessionNoteText(detail, patientName) })}>
        Copy note
      </Button>
      {manualText === null ? null : (
        <ManualCopy
          text={manualText}
          onClose={() => {
            actor.send({ type: "manual.close" });
            button.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** Where the clipboard refused: the note in a read-only text area, selected, with how to copy it. */
function ManualCopy({ text, onClose }: { readonly text: string; readonly onClose: () => void }) {
  // Once, when it appears: the focus goes to the note with all of it selected, and the field's
  // description (the message) is read with it.
  const selectOnMount = useCallback((wrapper: HTMLDivElement | null) => {
    const area = wrapper?.querySelector("textarea");
    if (area === null || area === undefined) return;
    area.focus();
    area.select();
  }, []);
  return (
    <div ref={selectOnMount} className={styles.manualCopy}>
      <TextField label="Session note" description={MANUAL_COPY_MESSAGE} value={text} isReadOnly rows={Math.min(12, text.split("\n").length + 1)} />
      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onClose}>
          Close note
        </Button>
      </div>
    </div>
  );
}
