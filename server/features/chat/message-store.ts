import { and, count, eq, sql } from "drizzle-orm";
import { advancedCursor } from "../../../domain/chat/read-state.ts";
import type { Database } from "../../db/database.ts";
import { chatMessageRevisions, chatMessages, chatReadCursors, chatStreams, chatThreads } from "../../db/schema/chat.ts";
import { type ChatReader, type OpenThread, readerKey } from "./thread-scope.ts";

/** The audit row a write leaves, written inside its transaction (the caller's route `audit`). */
export type AuditWithin = (tx: Database, messageId: number) => Promise<void>;

/**
 * The institution's next stream sequence. The upsert locks the institution's chat_streams row
 * until the transaction ends, so the stream sequences of an institution commit in their order:
 * a reader that saw N has seen everything below N (docs/chat-api.md, "Delivery").
 */
const nextStreamSeq = async (tx: Database, institutionId: number): Promise<number> => {
  const [row] = await tx
    .insert(chatStreams)
    .values({ institutionId, lastSeq: 1 })
    .onConflictDoUpdate({ target: chatStreams.institutionId, set: { lastSeq: sql`${chatStreams.lastSeq} + 1` } })
    .returning({ lastSeq: chatStreams.lastSeq });
  if (row === undefined) throw new Error("chat stream upsert returned no row");
  return row.lastSeq;
};

export type NewMessage = {
  readonly thread: OpenThread;
  readonly author: ChatReader;
  readonly clientId: string;
  readonly body: string;
  readonly attachmentId: number | null;
  readonly now: Date;
};

/** What a send did: stored the message, or found the client id already stored in the thread (a retry). */
export type Appended = { readonly created: boolean; readonly seq: number; readonly streamSeq: number };

/**
 * Stores one message in one transaction: the thread's row is locked (a thread's writes queue, and a
 * retry of the same client id waits for the first, then finds it), the client id looked up, the
 * institution's stream sequence taken, the thread's next sequence, the message and its audit row.
 * The caller publishes the wake after the commit.
 */
export const appendMessage = (db: Database, message: NewMessage, audit: AuditWithin): Promise<Appended> =>
  db.transaction(async (tx) => {
    const [thread] = await tx.select({ lastSeq: chatThreads.lastSeq }).from(chatThreads).where(eq(chatThreads.id, message.thread.id)).for("update");
    if (thread === undefined) throw new Error("thread vanished");
    const clientId = message.clientId.toLowerCase();
    const [stored] = await tx
      .select({ seq: chatMessages.seq, streamSeq: chatMessages.streamSeq })
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, message.thread.id), eq(chatMessages.clientId, clientId)));
    if (stored !== undefined) return { created: false, ...stored };
    const streamSeq = await nextStreamSeq(tx, message.thread.institutionId);
    const seq = thread.lastSeq + 1;
    await tx.update(chatThreads).set({ lastSeq: seq, lastMessageAt: message.now }).where(eq(chatThreads.id, message.thread.id));
    const [row] = await tx
      .insert(chatMessages)
      .values({
        threadId: message.thread.id,
        institutionId: message.thread.institutionId,
        seq,
        streamSeq,
        clientId,
        authorUserId: message.author.kind === "staff" ? message.author.userId : null,
        authorDeviceId: message.author.kind === "patient" ? message.author.deviceId : null,
        body: message.body,
        attachmentId: message.attachmentId,
        sentAt: message.now,
      })
      .returning({ id: chatMessages.id });
    if (row === undefined) throw new Error("message insert returned no row");
    // The author has read their own message.
    await moveCursor(tx, message.thread.id, readerKey(message.author), seq, seq, message.now);
    await audit(tx, row.id);
    return { created: true, seq, streamSeq };
  });

export type Revision = { readonly thread: OpenThread; readonly seq: number; readonly author: ChatReader; readonly body: string; readonly withdraw: boolean; readonly now: Date };

/** What an edit or a withdrawal found: done (with the new stream sequence), no such message, or someone else's. */
export type Revised = { readonly outcome: "done"; readonly streamSeq: number } | { readonly outcome: "unknown" } | { readonly outcome: "not_author" };

const isAuthor = (row: { authorUserId: number | null; authorDeviceId: number | null }, author: ChatReader): boolean =>
  author.kind === "staff" ? row.authorUserId === author.userId : row.authorDeviceId !== null && row.authorDeviceId === author.deviceId;

/**
 * An edit or a withdrawal: the text it replaces is kept as a revision, the message gets its new
 * text (empty for a withdrawal) and a new stream sequence, so a reconnecting reader hears of it.
 * Only its author may; the message's row is locked so two edits never take the same revision.
 */
export const reviseMessage = (db: Database, change: Revision, audit: AuditWithin): Promise<Revised> =>
  db.transaction(async (tx): Promise<Revised> => {
    const [row] = await tx
      .select({ id: chatMessages.id, body: chatMessages.body, attachmentId: chatMessages.attachmentId, authorUserId: chatMessages.authorUserId, authorDeviceId: chatMessages.authorDeviceId, withdrawnAt: chatMessages.withdrawnAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, change.thread.id), eq(chatMessages.seq, change.seq)))
      .for("update");
    if (row === undefined) return { outcome: "unknown" };
    if (!isAuthor(row, change.author) || row.withdrawnAt !== null) return { outcome: row.withdrawnAt !== null && isAuthor(row, change.author) ? "unknown" : "not_author" };
    const [revisions] = await tx.select({ n: count() }).from(chatMessageRevisions).where(eq(chatMessageRevisions.messageId, row.id));
    await tx.insert(chatMessageRevisions).values({ messageId: row.id, revision: (revisions?.n ?? 0) + 1, body: row.body, attachmentId: row.attachmentId, replacedAt: change.now });
    const streamSeq = await nextStreamSeq(tx, change.thread.institutionId);
    await tx
      .update(chatMessages)
      .set(change.withdraw ? { body: "", withdrawnAt: change.now, streamSeq } : { body: change.body, editedAt: change.now, streamSeq })
      .where(eq(chatMessages.id, row.id));
    await audit(tx, row.id);
    return { outcome: "done", streamSeq };
  });

/** Moves a reader's cursor forward only (advancedCursor), whatever order two reads arrive in; answers the cursor kept. */
export const moveCursor = async (tx: Database, threadId: number, reader: string, readSeq: number, newestSeq: number, now: Date): Promise<number> => {
  const [current] = await tx
    .select({ lastReadSeq: chatReadCursors.lastReadSeq })
    .from(chatReadCursors)
    .where(and(eq(chatReadCursors.threadId, threadId), eq(chatReadCursors.reader, reader)));
  const next = advancedCursor(current?.lastReadSeq ?? 0, readSeq, newestSeq);
  const [row] = await tx
    .insert(chatReadCursors)
    .values({ threadId, reader, lastReadSeq: next, readAt: now })
    .onConflictDoUpdate({
      target: [chatReadCursors.threadId, chatReadCursors.reader],
      // A concurrent read that went further stays: the cursor never moves back.
      set: {
        lastReadSeq: sql`greatest(${chatReadCursors.lastReadSeq}, excluded.last_read_seq)`,
        readAt: sql`case when excluded.last_read_seq > ${chatReadCursors.lastReadSeq} then excluded.read_at else ${chatReadCursors.readAt} end`,
      },
    })
    .returning({ lastReadSeq: chatReadCursors.lastReadSeq });
  return row?.lastReadSeq ?? next;
};
