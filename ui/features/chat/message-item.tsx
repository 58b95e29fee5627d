import { seenBy, type ReadCursor } from "../../../domain/chat/read-state.ts";
import type { ChatMessage, ChatReadCursor } from "../../../domain/chat/chat-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import type { Outgoing } from "../../../machines/chat/thread-context.ts";
import { Button } from "../../kit/button.tsx";
import * as styles from "./chat.css.ts";

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

/** One stored message; focusable by script only, so "Jump to first unread" can take the reader to it. */
export function MessageItem({ message, own, cursors }: { readonly message: ChatMessage; readonly own: boolean; readonly cursors: readonly ReadCursor[] }) {
  const withdrawn = message.withdrawn_at !== null;
  return (
    <div id={messageElementId(message.seq)} tabIndex={-1} className={own ? `${styles.message} ${styles.own}` : styles.message}>
      <p className={styles.meta}>
        <strong>{own ? "You" : message.author.name}</strong>
        <time dateTime={message.sent_at}>{formatDateTime(message.sent_at)}</time>
        {message.edited_at !== null && !withdrawn ? <span>(edited)</span> : null}
      </p>
      {withdrawn ? <p className={styles.mark}>This message was withdrawn.</p> : message.body === "" ? null : <p className={styles.body}>{message.body}</p>}
      {!withdrawn && message.attachment !== null ? (
        <p className={styles.mark}>
          Attachment: {message.attachment.name} ({sizeOf(message.attachment.size)})
        </p>
      ) : null}
      {own && !withdrawn ? <DeliveryMark message={message} cursors={cursors} /> : null}
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
