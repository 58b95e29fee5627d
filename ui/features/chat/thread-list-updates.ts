import type { ChatMessage, ChatReadCursor, ChatThread } from "../../../domain/chat/chat-wire.ts";
import { unreadCount } from "../../../domain/chat/read-state.ts";
import type { Reader } from "../../../machines/chat/thread-context.ts";

// How a stream event changes the cached thread lists, so the list, the sidebar's badge and the
// tab's title move at once in every tab, without asking the server again.

// Its own two lines rather than the thread machine's isReader: this file rides in the stream's chunk,
// which every signed-in page loads, and importing thread-context.ts would bring the machine's
// helpers there too (measured: six routes over their bundle budgets).
const isReader = (reader: Reader, participant: { readonly kind: string; readonly id: number }) => participant.kind === reader.kind && participant.id === reader.id;

/** A message: its thread's newest message and count (one's own messages are read by their writer). */
export const withMessage = (threads: readonly ChatThread[], message: ChatMessage, reader: Reader): readonly ChatThread[] =>
  threads.map((thread) => {
    if (thread.id !== message.thread_id) return thread;
    const newest = Math.max(thread.newest_seq, message.seq);
    const lastRead = isReader(reader, message.author) ? Math.max(thread.last_read_seq, message.seq) : thread.last_read_seq;
    const latest = thread.last_message === null || message.seq >= thread.last_message.seq ? message : thread.last_message;
    return { ...thread, newest_seq: newest, last_read_seq: lastRead, unread: unreadCount(newest, lastRead), last_message: latest };
  });

/** The reader's own cursor moved (in this tab or another): that thread's count falls. */
export const withCursor = (threads: readonly ChatThread[], cursor: ChatReadCursor, reader: Reader): readonly ChatThread[] =>
  isReader(reader, cursor.participant)
    ? threads.map((thread) => {
        if (thread.id !== cursor.thread_id) return thread;
        const lastRead = Math.max(thread.last_read_seq, cursor.last_read_seq);
        return { ...thread, last_read_seq: lastRead, unread: unreadCount(thread.newest_seq, lastRead) };
      })
    : threads;

/** Whether a list knows the thread (else it is new to the reader and the lists are read again). */
export const knowsThread = (threads: readonly ChatThread[], threadId: number): boolean => threads.some((thread) => thread.id === threadId);

/** A cached thread list as the stream sees it: its data, and whether a read of it is in flight. */
export type CachedList = { readonly data: readonly ChatThread[] | undefined; readonly fetching: boolean };

/**
 * Whether an event about `threadId` needs the lists read again: no list knows the thread (someone
 * started it), or a read of a list is in flight, whose answer may have been read before the event
 * and would then stand without it (a first read's list has no data to add the event to either). A
 * list with no data that is not being read (a search left before its answer) does not count, or
 * every event would read all the lists again.
 */
export const listsToReadAgain = (lists: readonly CachedList[], threadId: number): boolean =>
  !lists.some((list) => list.data !== undefined && knowsThread(list.data, threadId)) || lists.some((list) => list.fetching);

/** All unread messages, for the badge and the title. */
export const totalUnread = (threads: readonly ChatThread[] | undefined): number => (threads ?? []).reduce((sum, thread) => sum + thread.unread, 0);

/** Whom a thread is with, as the list names it: the patient, or the colleagues other than the reader. */
export const threadName = (thread: ChatThread, reader: Reader): string =>
  thread.patient?.name ??
  (thread.members
    .filter((member) => !isReader(reader, member))
    .map((member) => member.name)
    .join(", ") ||
    "Only you");
