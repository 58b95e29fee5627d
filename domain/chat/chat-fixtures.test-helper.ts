import { PatientId } from "../shared/ids.ts";
import { ChatThreadId, type ChatMessage, type ChatParticipant, type ChatReadCursor, type ChatThread } from "./chat-wire.ts";

// Messages and cursors as the server sends them, for the chat's machine and page tests.

export const THREAD = ChatThreadId.make(3);
export const ANA = { kind: "patient" as const, id: 40, name: "Ana Reyes" };
export const ME = { kind: "staff" as const, id: 12, name: "Sam Lee" };

/** The nth message of thread 3 (client id a UUID made from n). */
export const chatMessage = (seq: number, author: ChatParticipant = ANA, body = `message ${seq}`): ChatMessage => ({
  thread_id: THREAD,
  seq,
  stream_seq: 100 + seq,
  client_id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
  author,
  body,
  attachment: null,
  sent_at: `2026-03-02T10:${String(seq % 60).padStart(2, "0")}:00.000Z`,
  edited_at: null,
  withdrawn_at: null,
});

export const cursorOf = (participant: ChatParticipant, seq: number, at = "2026-03-02T11:00:00.000Z"): ChatReadCursor => ({
  thread_id: THREAD,
  participant,
  last_read_seq: seq,
  read_at: seq === 0 ? null : at,
});

/** A patient's thread as the threads list sends it: thread 3 is Ana Reyes's, any other Ben Ortiz's; newest message `newest`, `unread` of them unread. */
export const chatThread = (id: ChatThreadId, unread: number, newest = 3, last: ChatMessage | null = chatMessage(newest)): ChatThread => ({
  id,
  kind: "patient",
  patient: id === THREAD ? { id: PatientId.make(7), name: "Ana Reyes" } : { id: PatientId.make(8), name: "Ben Ortiz" },
  members: [ME],
  newest_seq: newest,
  last_read_seq: newest - unread,
  unread,
  last_message: last,
});
