import { type KeyboardEvent, useEffect, useRef } from "react";
import { Label, TextArea, TextField } from "react-aria-components";
import type { ThreadEvent } from "../../../machines/chat/thread.machine.ts";
import { Button } from "../../kit/button.tsx";
import * as styles from "./chat.css.ts";

/** The id of a message's Edit button, which takes the focus back when its edit ends. */
export const editButtonId = (seq: number): string => `chat-edit-${seq}`;

/** What a message's in-place editor shows: the draft, whether it is on its way, and the alert that says why a save failed. */
export type EditorState = { readonly draft: string; readonly saving: boolean; readonly failureId: string | null };

/**
 * One's own message edited where it stands (issue 34): the draft starts as its text, with the
 * caret at its end; Enter saves, Shift+Enter starts a new line, Escape cancels (the composer's
 * keys, said under the box). A failed save keeps the draft, tied to the thread's alert.
 */
export function MessageEditor({ seq, label, editor, send }: { readonly seq: number; readonly label: string; readonly editor: EditorState; readonly send: (event: ThreadEvent) => void }) {
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const hintId = `chat-edit-hint-${seq}`;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Escape") {
      event.preventDefault();
      send({ type: "edit.cancel" });
    } else if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      send({ type: "edit.save" });
    }
  };
  return (
    <div className={styles.composer}>
      <TextField value={editor.draft} onChange={(text) => send({ type: "edit.change", text })} isReadOnly={editor.saving} className={styles.composer}>
        <Label className={styles.label}>{label}</Label>
        <TextArea ref={box} className={styles.textArea} onKeyDown={onKeyDown} aria-describedby={editor.failureId === null ? hintId : `${hintId} ${editor.failureId}`} />
      </TextField>
      <p id={hintId} className={styles.hint}>
        Enter saves; Shift+Enter starts a new line; Escape cancels.
      </p>
      <div className={styles.composerRow}>
        <Button isPending={editor.saving} onPress={() => send({ type: "edit.save" })}>
          Save
        </Button>
        <Button variant="secondary" isDisabled={editor.saving} onPress={() => send({ type: "edit.cancel" })}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
