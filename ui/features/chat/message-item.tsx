import { seenBy, type ReadCursor } from "../../../domain/chat/read-state.ts";
import type { ChatAttachment, ChatMessage, ChatReadCursor } from "../../../domain/chat/chat-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import type { Outgoing } from "../../../machines/chat/thread-context.ts";
import type { ThreadEvent } from "../../../machines/chat/thread.machine.ts";
import { Button } from "../../kit/button.tsx";
import * as styles from "./chat.css.ts";
import { type EditorState, MessageEditor, editButtonId } from "./message-edit.tsx";

const participantKey = (participant: { readonly kind: string; readonly id: number }): string => `${participant.kind}:${participant.id}`;

/** The wire's cursors as the domain's read state names them. */
export const readCursorsOf = (cursors: readonly ChatReadCursor[]): readonly ReadCursor[] =>
  cursors.map((cursor) => ({ participant: participantKey(cursor.participant), name: cursor.participant.name, lastReadSeq: cursor.last_read_seq, readAt: cursor.read_at }));

/** The id a message's element carries, for "Jump to first unread". */
export const messageElementId = (seq: number): string => `chat-message-${seq}`;

const sizeOf = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The mark under one's own stored message: who has seen it and when, else "Sent". */
function DeliveryMark({ message, cursors }: { readonly message: ChatMessage; readonly cursors: readonly ReadCursor[] }) {
  const seen = seenBy(cursors, message.seq, participantKey(message.author));
  const text = seen.length === 0 ? "Sent" : `Seen by ${seen.map((cursor) => `${cursor.name} at ${formatDateTime(cursor.readAt)}`).join(", ")}`;
  return <p className={styles.mark}>{text}</p>;
}

/** "your message of 03/02/2026 10:01 AM": which of one's own messages a control acts on. */
export const ownMessageName = (message: ChatMessage): string => `your message of ${formatDateTime(message.sent_at)}`;

/** What one's own message offers: Edit and Withdraw where the domain allows them, waiting while another change is under way. */
export type ChangeControls = {
  readonly allowed: boolean;
  readonly waiting: boolean;
  /** This message's draft while it is edited in place. */
  readonly editor: EditorState | null;
  readonly send: (event: ThreadEvent) => void;
};

function ChangeButtons({ message, changes }: { readonly message: ChatMessage; readonly changes: ChangeControls }) {
  const name = ownMessageName(message);
  return (
    <div className={styles.composerRow}>
      <Button id={editButtonId(message.seq)} variant="secondary" aria-label={`Edit ${name}`} isDisabled={changes.waiting} onPress={() => changes.send({ type: "edit.start", seq: message.seq })}>
        Edit
      </Button>
      <Button variant="secondary" aria-label={`Withdraw ${name}`} isDisabled={changes.waiting} onPress={() => changes.send({ type: "withdraw.start", seq: message.seq })}>
        Withdraw
      </Button>
    </div>
  );
}

/** The attachment's line, with the download (fetched with the session's headers, never a token in a link). */
function AttachmentLine({ attachment, onDownload }: { readonly attachment: ChatAttachment; readonly onDownload: (attachment: ChatAttachment) => void }) {
  const label = `${attachment.name} (${sizeOf(attachment.size)})`;
  return (
    <div className={styles.composerRow}>
      <span className={styles.mark}>Attachment: {label}</span>
      <Button variant="secondary" aria-label={`Download ${label}`} onPress={() => onDownload(attachment)}>
        Download
      </Button>
    </div>
  );
}

type MessageItemProps = {
  readonly message: ChatMessage;
  readonly own: boolean;
  readonly cursors: readonly ReadCursor[];
  readonly changes: ChangeControls;
  readonly onDownload: (attachment: ChatAttachment) => void;
};

/** One stored message; focusable by script only, so "Jump to first unread" (and a withdrawal's end) can take the reader to it. */
export function MessageItem({ message, own, cursors, changes, onDownload }: MessageItemProps) {
  const withdrawn = message.withdrawn_at !== null;
  const { editor } = changes;
  return (
    <div id={messageElementId(message.seq)} tabIndex={-1} className={own ? `${styles.message} ${styles.own}` : styles.message}>
      <p className={styles.meta}>
        <strong>{own ? "You" : message.author.name}</strong>
        <time dateTime={message.sent_at}>{formatDateTime(message.sent_at)}</time>
        {message.edited_at !== null && !withdrawn ? <span>(edited)</span> : null}
      </p>
      {withdrawn ? (
        <p className={styles.mark}>This message was withdrawn.</p>
      ) : editor !== null ? (
        <MessageEditor seq={message.seq} label={`Edit ${ownMessageName(message)}`} editor={editor} send={changes.send} />
      ) : message.body === "" ? null : (
        <p className={styles.body}>{message.body}</p>
      )}
      {!withdrawn && message.attachment !== null ? <AttachmentLine attachment={message.attachment} onDownload={onDownload} /> : null}
      {own && !withdrawn ? <DeliveryMark message={message} cursors={cursors} /> : null}
      {changes.allowed && editor === null ? <ChangeButtons message={message} changes={changes} /> : null}
    </div>
  );
}

/** A message written here and not stored yet: "Sending…", or why it was not sent and a retry. */
export function OutgoingItem({ outgoing, onRetry }: { readonly outgoing: Outgoing; readonly onRetry: (clientId: string) => void }) {
  return (
    <div className={`${styles.message} ${styles.own}`}>
      <p className={styles.meta}>
        <strong>You</strong>
      </p>
      {outgoing.body === "" ? null : <p className={styles.body}>{outgoing.body}</p>}
      {outgoing.status === "failed" ? (
        <>
          <p className={styles.failed}>Not sent: {outgoing.failure}</p>
          <Button variant="secondary" onPress={() => onRetry(outgoing.clientId)}>
            Send again
          </Button>
        </>
      ) : (
        <p className={styles.mark}>Sending…</p>
      )}
    </div>
  );
}
