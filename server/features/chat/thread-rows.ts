import { and, eq, inArray } from "drizzle-orm";
import type { ChatThread } from "../../../domain/chat/chat-wire.ts";
import { unreadCount } from "../../../domain/chat/read-state.ts";
import type { Database } from "../../db/database.ts";
import { chatMembers, chatReadCursors } from "../../db/schema/chat.ts";
import { patients } from "../../db/schema/patients.ts";
import { users } from "../../db/schema/users.ts";
import { lastMessages } from "./message-rows.ts";
import { type ChatReader, readerKey } from "./thread-scope.ts";

export type ThreadJson = typeof ChatThread.Encoded;
type ThreadRow = { readonly id: number; readonly kind: "patient" | "colleagues"; readonly patientId: number | null; readonly lastSeq: number };

const nameOf = (first: string, last: string): string => `${first} ${last}`.trim();

/** Threads as the list shows them, for this reader: whom each is with, its newest message, the reader's unread count. */
export const threadsJson = async (db: Database, reader: ChatReader, threads: readonly ThreadRow[]): Promise<ThreadJson[]> => {
  if (threads.length === 0) return [];
  const ids = threads.map((thread) => thread.id);
  const cursors = await db
    .select({ threadId: chatReadCursors.threadId, lastReadSeq: chatReadCursors.lastReadSeq })
    .from(chatReadCursors)
    .where(and(inArray(chatReadCursors.threadId, ids), eq(chatReadCursors.reader, readerKey(reader))));
  const members = await db
    .select({ threadId: chatMembers.threadId, id: users.id, first: users.firstName, last: users.lastName })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(inArray(chatMembers.threadId, ids));
  const patientIds = threads.flatMap((thread) => (thread.patientId === null ? [] : [thread.patientId]));
  const cared = patientIds.length === 0 ? [] : await db.select({ id: patients.id, first: patients.firstName, last: patients.lastName }).from(patients).where(inArray(patients.id, patientIds));
  const newest = await lastMessages(db, threads);
  return threads.map((thread) => {
    const lastRead = cursors.find((cursor) => cursor.threadId === thread.id)?.lastReadSeq ?? 0;
    const patient = cared.find((one) => one.id === thread.patientId);
    return {
      id: thread.id,
      kind: thread.kind,
      patient: patient === undefined ? null : { id: patient.id, name: nameOf(patient.first, patient.last) },
      members: members.filter((member) => member.threadId === thread.id).map((member) => ({ kind: "staff" as const, id: member.id, name: nameOf(member.first, member.last) })),
      newest_seq: thread.lastSeq,
      last_read_seq: lastRead,
      unread: unreadCount(thread.lastSeq, lastRead),
      last_message: newest.get(thread.id) ?? null,
    };
  });
};
