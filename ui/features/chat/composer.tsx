import { useActorRef, useSelector } from "@xstate/react";
import type { KeyboardEvent } from "react";
import { FileTrigger, Label, ProgressBar, TextArea, TextField } from "react-aria-components";
import { ATTACHMENT_KINDS } from "../../../domain/chat/attachment-kind.ts";
import { checkMessageText, remainingText } from "../../../domain/chat/chat-message-text.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { composerLogicFor } from "./chat-machines.ts";
import * as styles from "./chat.css.ts";
import { useChatApi } from "./use-chat.ts";

/** What the composer hands the thread: the text and the uploaded attachment's id. */
export type Composed = { readonly body: string; readonly attachmentId: number | null };

const COUNT_ID = "chat-composer-count";
const HINT_ID = "chat-composer-hint";

/**
 * The composer (issue 34): Enter sends, Shift+Enter starts a new line (and Enter while an input
 * method is composing a character is left to it); the characters left show as the 4,000 limit
 * nears (remainingText); an attachment is checked, then uploaded with a progress bar, and a
 * refusal is said in an alert beside the button.
 */
export function Composer({ onSend, threadName }: { readonly onSend: (composed: Composed) => void; readonly threadName: string }) {
  const api = useChatApi();
  const composer = useActorRef(composerLogicFor(api));
  const { draft, attachment, progress, refusal, uploading } = useSelector(composer, (snapshot) => ({
    draft: snapshot.context.draft,
    attachment: snapshot.context.attachment,
    progress: snapshot.context.progress,
    refusal: snapshot.context.refusal,
    uploading: snapshot.matches("uploading"),
  }), (a, b) => a.draft === b.draft && a.attachment === b.attachment && a.progress === b.progress && a.refusal === b.refusal && a.uploading === b.uploading);
  const remaining = remainingText(draft);
  // The domain's own check (text cleaned, 4,000 at most, text or a file): what it refuses, the server would.
  const sendable = !uploading && checkMessageText(draft, attachment !== null).ok;

  const send = (): void => {
    if (!sendable) return;
    onSend({ body: draft, attachmentId: attachment?.id ?? null });
    composer.send({ type: "sent" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div className={styles.composer}>
      <TextField value={draft} onChange={(text) => composer.send({ type: "draft.change", text })} className={styles.composer}>
        <Label className={styles.label}>Message to {threadName}</Label>
        <TextArea className={styles.textArea} onKeyDown={onKeyDown} aria-describedby={remaining === null ? HINT_ID : `${HINT_ID} ${COUNT_ID}`} />
      </TextField>
      <p id={HINT_ID} className={styles.hint}>
        Enter sends; Shift+Enter starts a new line.
      </p>
      {remaining === null ? null : (
        <p id={COUNT_ID} className={styles.hint}>
          {remaining}
        </p>
      )}
      <div className={styles.composerRow}>
        <FileTrigger acceptedFileTypes={[...ATTACHMENT_KINDS]} onSelect={(files) => {
          const file = files?.[0];
          if (file !== undefined) composer.send({ type: "file.pick", file });
        }}>
          <Button variant="secondary" isDisabled={uploading}>
            Attach a file
          </Button>
        </FileTrigger>
        {attachment !== null ? (
          <>
            <span className={styles.hint}>Attached: {attachment.name}</span>
            <Button variant="secondary" onPress={() => composer.send({ type: "file.remove" })}>
              Remove attachment
            </Button>
          </>
        ) : null}
        {uploading ? (
          <>
            <ProgressBar value={Math.round(progress * 100)} aria-label="Uploading the attachment" className={styles.hint}>
              {({ valueText }) => <span>Uploading… {valueText}</span>}
            </ProgressBar>
            <Button variant="secondary" onPress={() => composer.send({ type: "file.remove" })}>
              Cancel upload
            </Button>
          </>
        ) : null}
        <Button onPress={send} isDisabled={!sendable}>
          Send
        </Button>
      </div>
      <Alert>{refusal}</Alert>
    </div>
  );
}
