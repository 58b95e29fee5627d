import { type SQL, and, asc, desc, eq, gt, inArray, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ChatMessage, ChatMessagePage, ChatReadCursor } from "../../../domain/chat/chat-wire.ts";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import type { Database } from "../../db/database.ts";
import { chatAttachments, chatMessages, chatReadCursors, chatThreads } from "../../db/schema/chat.ts";
import { patientDevices } from "../../db/schema/devices.ts";
import { patients } from "../../db/schema/patients.ts";
import { users } from "../../db/schema/users.ts";

/** A message as the wire sends it (ids unbranded). */
export type MessageJson = typeof ChatMessage.Encoded;
export type CursorJson = typeof ChatReadCursor.Encoded;
export type PageJson = typeof ChatMessagePage.Encoded;

const authorPatient = alias(patients, "author_patient");
const nameOf = (first: string | null, last: string | null): string => [first ?? "", last ?? ""].join(" ").trim();

/**
 * Messages as everyone sees them: the author's name (staff by user, a patient through the device
 * that sent it), the attachment without its bytes; a withdrawn message keeps its place with no text
 * and no attachment.
 */
export const selectMessages = async (db: Database, where: SQL, order: "asc" | "desc", limit: number): Promise<MessageJson[]> => {
  const rows = await db
    .select({
      threadId: chatMessages.threadId,
      seq: chatMessages.seq,
      streamSeq: chatMessages.streamSeq,
      clientId: chatMessages.clientId,
      authorUserId: chatMessages.authorUserId,
      userFirst: users.firstName,
      userLast: users.lastName,
      patientId: authorPatient.id,
      patientFirst: authorPatient.firstName,
      patientLast: authorPatient.lastName,
      body: chatMessages.body,
      attachmentId: chatAttachments.id,
      attachmentKind: chatAttachments.kind,
      attachmentName: chatAttachments.name,
      attachmentSize: chatAttachments.size,
      sentAt: chatMessages.sentAt,
      editedAt: chatMessages.editedAt,
      withdrawnAt: chatMessages.withdrawnAt,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorUserId))
    .leftJoin(patientDevices, eq(patientDevices.id, chatMessages.authorDeviceId))
    .leftJoin(authorPatient, eq(authorPatient.id, patientDevices.patientId))
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId))
    .where(where)
    .orderBy(order === "asc" ? asc(chatMessages.streamSeq) : desc(chatMessages.seq))
    .limit(limit);
  return rows.map((row) => ({
    thread_id: row.threadId,
    seq: row.seq,
    stream_seq: row.streamSeq,
    client_id: row.clientId,
    author:
      row.authorUserId !== null
        ? { kind: "staff", id: row.authorUserId, name: nameOf(row.userFirst, row.userLast) }
        : { kind: "patient", id: row.patientId ?? 0, name: nameOf(row.patientFirst, row.patientLast) },
    body: row.withdrawnAt === null ? row.body : "",
    attachment:
      row.withdrawnAt !== null || row.attachmentId === null
        ? null
        : { id: row.attachmentId, kind: row.attachmentKind as "application/pdf", name: row.attachmentName ?? "", size: row.attachmentSize ?? 0 },
    sent_at: row.sentAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  }));
};

/** One message of a thread by its sequence. */
export const messageOf = async (db: Database, threadId: number, seq: number): Promise<MessageJson | undefined> =>
  (await selectMessages(db, and(eq(chatMessages.threadId, threadId), eq(chatMessages.seq, seq)) as SQL, "asc", 1))[0];

/** The message a client id made in the thread (a repeat's answer). */
export const messageOfClientId = async (db: Database, threadId: number, clientId: string): Promise<MessageJson | undefined> =>
  (await selectMessages(db, and(eq(chatMessages.threadId, threadId), eq(chatMessages.clientId, clientId.toLowerCase())) as SQL, "asc", 1))[0];

/** The events of the given threads after a stream sequence, in stream order (a stream's replay and its live reads). */
export const messagesAfter = (db: Database, institutionId: number, afterStreamSeq: number, limit: number): Promise<MessageJson[]> =>
  selectMessages(db, and(eq(chatMessages.institutionId, institutionId), gt(chatMessages.streamSeq, afterStreamSeq)) as SQL, "asc", limit);

/** Everyone's read cursor in the thread ("Seen by"): staff by user, the patient by patient; those who read nothing are left out. */
export const cursorsOf = async (db: Database, threadId: number): Promise<CursorJson[]> => {
  const rows = await db
    .select({ reader: chatReadCursors.reader, lastReadSeq: chatReadCursors.lastReadSeq, readAt: chatReadCursors.readAt })
    .from(chatReadCursors)
    // A cursor at 0 read nothing: only the reminder's bookkeeping made it (unread-reminder-pass.ts).
    .where(and(eq(chatReadCursors.threadId, threadId), gt(chatReadCursors.lastReadSeq, 0)));
  const userIds = rows.filter((row) => row.reader.startsWith("u")).map((row) => Number(row.reader.slice(1)));
  const patientIds = rows.filter((row) => row.reader.startsWith("p")).map((row) => Number(row.reader.slice(1)));
  const people = userIds.length === 0 ? [] : await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, userIds));
  const cared = patientIds.length === 0 ? [] : await db.select({ id: patients.id, first: patients.firstName, last: patients.lastName }).from(patients).where(inArray(patients.id, patientIds));
  return rows.map((row) => {
    const id = Number(row.reader.slice(1));
    const staff = row.reader.startsWith("u");
    const who = (staff ? people : cared).find((person) => person.id === id);
    return {
      thread_id: threadId,
      participant: { kind: staff ? "staff" : "patient", id, name: nameOf(who?.first ?? null, who?.last ?? null) },
      last_read_seq: row.lastReadSeq,
      read_at: row.readAt.toISOString(),
    };
  });
};

/** A page of history before `before` (the newest page without it), oldest first, with everyone's cursor. */
export const historyPage = async (db: Database, threadId: number, before: number | undefined): Promise<PageJson> => {
  const where = before === undefined ? eq(chatMessages.threadId, threadId) : (and(eq(chatMessages.threadId, threadId), lt(chatMessages.seq, before)) as SQL);
  const newestFirst = await selectMessages(db, where, "desc", CHAT_LIMITS.historyPage + 1);
  const messages = newestFirst.slice(0, CHAT_LIMITS.historyPage).reverse();
  return { messages, has_earlier: newestFirst.length > CHAT_LIMITS.historyPage, cursors: await cursorsOf(db, threadId) };
};

/** The newest message of each thread, for the list: one query however many threads (their last sequences as read with them). */
export const lastMessages = async (db: Database, threads: ReadonlyArray<{ id: number; lastSeq: number }>): Promise<Map<number, MessageJson>> => {
  const withMessages = threads.filter((thread) => thread.lastSeq > 0);
  if (withMessages.length === 0) return new Map();
  const where = or(...withMessages.map((thread) => and(eq(chatMessages.threadId, thread.id), eq(chatMessages.seq, thread.lastSeq)))) as SQL;
  const rows = await selectMessages(db, where, "asc", withMessages.length);
  return new Map(rows.map((message) => [message.thread_id, message]));
};

/** The threads' institution, for a wake. */
export const threadInstitution = async (db: Database, threadId: number): Promise<number | undefined> =>
  (await db.select({ institutionId: chatThreads.institutionId }).from(chatThreads).where(eq(chatThreads.id, threadId)))[0]?.institutionId;
