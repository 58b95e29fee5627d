import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useEffectEvent, useRef } from "react";
import type { ChatMessage, ChatThread } from "../../../domain/chat/chat-wire.ts";
import { messageChangesOf } from "../../../domain/chat/message-changes.ts";
import { firstUnreadSeq } from "../../../domain/chat/read-state.ts";
import { isReader, newestSeq, type Reader } from "../../../machines/chat/thread-context.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { threadLogicFor } from "./chat-machines.ts";
import { useChatEvents } from "./chat-events.ts";
import * as styles from "./chat.css.ts";
import { Composer } from "./composer.tsx";
import { editButtonId } from "./message-edit.tsx";
import { MessageItem, OutgoingItem, messageElementId, ownMessageName, readCursorsOf } from "./message-item.tsx";
import { useChatApi, useDownloadAttachment } from "./use-chat.ts";

const ALERT_ID = "chat-thread-alert";

/** Whether the bottom of the log is on screen; where IntersectionObserver is missing (jsdom), it is taken as seen. */
function useBottomSeen(onSeen: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const seen = useRef(typeof IntersectionObserver === "undefined");
  const seenNow = useEffectEvent(onSeen);
  useEffect(() => {
    const element = sentinel.current;
    if (element === null || typeof IntersectionObserver === "undefined") return undefined;
    const observer = new IntersectionObserver((entries) => {
      seen.current = entries.some((entry) => entry.isIntersecting);
      if (seen.current) seenNow();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { sentinel, seen };
}

/**
 * Where the focus goes when a change to one's own message ends (it never moves for anything else):
 * an edit, saved or cancelled, gives it back to its Edit button; a withdrawal to the message, whose
 * Withdraw button is gone (a refused one leaves the button, to which the dialog returns it).
 */
function useFocusAfterChange(editing: number | null, withdrawing: number | null, messages: readonly ChatMessage[]) {
  const before = useRef({ editing, withdrawing });
  useEffect(() => {
    const was = before.current;
    before.current = { editing, withdrawing };
    const byId = (id: string) => document.getElementById(id);
    if (was.editing !== null && editing === null) (byId(editButtonId(was.editing)) ?? byId(messageElementId(was.editing)))?.focus();
    const withdrawn = messages.find((message) => message.seq === was.withdrawing)?.withdrawn_at != null;
    if (was.withdrawing !== null && withdrawing === null && withdrawn) byId(messageElementId(was.withdrawing))?.focus();
  }, [editing, withdrawing, messages]);
}

/**
 * One open thread (issue 34): the newest at the bottom, "Load earlier messages" above (never
 * endless scrolling), "Jump to first unread", the composer below. The log is role="log" with its
 * own announcements off (aria-live="off"): screen readers would re-read the conversation on each
 * line; the page's one polite announcer speaks instead. A message's arrival never moves the focus.
 */
export function ThreadView({ thread, reader, name }: { readonly thread: ChatThread; readonly reader: Reader; readonly name: string }) {
  const api = useChatApi();
  const actor = useActorRef(threadLogicFor(api), { input: { threadId: thread.id, reader, lastReadSeq: thread.last_read_seq } });
  const snapshot = useSelector(actor, (current) => current);
  const { messages, outbox, cursors, hasEarlier, openedAtSeq, failure, earlierFailure, editing, withdrawing, changeFailure } = snapshot.context;
  const download = useDownloadAttachment();
  useFocusAfterChange(editing?.seq ?? null, withdrawing, messages);
  const log = useRef<HTMLDivElement>(null);
  const visible = () => {
    if (typeof document === "undefined" || document.visibilityState === "visible") actor.send({ type: "newestVisible" });
  };
  const { sentinel, seen } = useBottomSeen(visible);

  useChatEvents((event) => actor.send(event.kind === "message" ? { type: "arrived", message: event.message } : { type: "cursorMoved", cursor: event.cursor }));

  // A new newest message: keep the reader at the bottom if they were there (no smooth scrolling:
  // nothing moves for those who asked for reduced motion), and count it as read once seen.
  const newest = newestSeq(messages);
  const ready = snapshot.matches("ready");
  useEffect(() => {
    if (!ready || !seen.current) return;
    const element = log.current;
    if (element !== null) element.scrollTop = element.scrollHeight;
    if (newest > 0) visible();
    // visible() reads the actor only.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, newest, outbox.length, seen]);

  const firstUnread = firstUnreadSeq(newest, openedAtSeq);
  const jumpable = firstUnread !== null && messages.some((message) => message.seq === firstUnread);
  const jump = () => {
    if (firstUnread === null) return;
    const target = document.getElementById(messageElementId(firstUnread));
    target?.scrollIntoView({ block: "center" });
    target?.focus();
  };
  const readCursors = readCursorsOf(cursors);
  const changesFor = (message: ChatMessage) => ({
    allowed: messageChangesOf(reader, message).edit,
    waiting: !snapshot.can({ type: "edit.start", seq: message.seq }),
    editor: editing?.seq === message.seq ? { draft: editing.draft, saving: snapshot.matches({ ready: { changing: "savingEdit" } }), failureId: changeFailure === null ? null : ALERT_ID } : null,
    send: actor.send,
  });
  const withdrawal = messages.find((message) => message.seq === withdrawing);

  return (
    <section className={styles.thread} aria-labelledby="chat-thread-heading">
      <h2 id="chat-thread-heading">{name}</h2>
      <StatusMessage busy={snapshot.matches("loading")}>{snapshot.matches("loading") ? "Loading messages…" : ""}</StatusMessage>
      <Alert id={ALERT_ID}>{failure ?? earlierFailure ?? changeFailure ?? (download.isError ? failureMessage(download.error) : null)}</Alert>
      {snapshot.matches("failed") ? (
        <div>
          <Button variant="secondary" onPress={() => actor.send({ type: "reload" })}>
            Try again
          </Button>
        </div>
      ) : null}
      {hasEarlier ? (
        <div>
          <Button variant="secondary" isPending={snapshot.matches({ ready: { earlier: "loading" } })} onPress={() => actor.send({ type: "loadEarlier" })}>
            Load earlier messages
          </Button>
        </div>
      ) : null}
      {jumpable ? (
        <div>
          <Button variant="secondary" onPress={jump}>
            Jump to first unread
          </Button>
        </div>
      ) : null}
      <div ref={log} role="log" aria-live="off" aria-label={`Messages with ${name}`} className={styles.log} tabIndex={0}>
        {ready && messages.length === 0 && outbox.length === 0 ? <p className={styles.mark}>No messages yet.</p> : null}
        {messages.map((message) => (
          <MessageItem key={message.seq} message={message} own={isReader(reader, message.author)} cursors={readCursors} changes={changesFor(message)} onDownload={(attachment) => download.mutate(attachment)} />
        ))}
        {outbox.map((outgoing) => (
          <OutgoingItem key={outgoing.clientId} outgoing={outgoing} onRetry={(clientId) => actor.send({ type: "retry", clientId })} />
        ))}
        <div ref={sentinel} aria-hidden="true" />
      </div>
      {ready ? (
        <Composer threadName={name} onSend={({ body, attachmentId }) => actor.send({ type: "send", clientId: crypto.randomUUID(), body, attachmentId })} />
      ) : null}
      <ConfirmationDialog
        isOpen={withdrawal !== undefined}
        title={`Withdraw ${withdrawal === undefined ? "your message" : ownMessageName(withdrawal)}?`}
        confirmLabel="Withdraw message"
        destructive
        isPending={snapshot.matches({ ready: { changing: "withdrawing" } })}
        onConfirm={() => actor.send({ type: "withdraw.confirm" })}
        onCancel={() => actor.send({ type: "withdraw.cancel" })}
      >
        Everyone in this conversation will see “This message was withdrawn.” in its place. What it said stays in the record.
      </ConfirmationDialog>
    </section>
  );
}
