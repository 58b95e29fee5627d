import type { ChatMessage, ChatReadCursor } from "../../domain/chat/chat-wire.ts";

// The thread machine's context and the pure steps it takes on it, kept apart so the machine file
// holds only its states (docs/chat.md, "Machines").

/** Who reads the thread, as the wire names a participant. */
export type Reader = { readonly kind: "staff" | "patient"; readonly id: number };

/** A message written here and not yet stored: `sending` until the server answers, `failed` until retried. */
export type Outgoing = {
  readonly clientId: string;
  readonly body: string;
  readonly attachmentId: number | null;
  readonly status: "queued" | "sending" | "failed";
  readonly failure: string | null;
};

export type ThreadContext = {
  readonly threadId: number;
  readonly reader: Reader;
  /** Stored messages, oldest first, one per sequence. */
  readonly messages: readonly ChatMessage[];
  readonly hasEarlier: boolean;
  readonly cursors: readonly ChatReadCursor[];
  readonly outbox: readonly Outgoing[];
  /** The reader's cursor when the thread opened: where "Jump to first unread" goes. */
  readonly openedAtSeq: number;
  /** The highest sequence already told to the server (the cursor never moves back). */
  readonly readSent: number;
  readonly failure: string | null;
  readonly earlierFailure: string | null;
};

/** Whether a participant is the reader. */
export const isReader = (reader: Reader, participant: { readonly kind: string; readonly id: number }): boolean =>
  participant.kind === reader.kind && participant.id === reader.id;

/** Messages merged by sequence (a later copy, an edit or a withdrawal, wins), oldest first. */
export const mergeMessages = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] => {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].toSorted((a, b) => a.seq - b.seq);
};

/** A cursor replaces the same participant's older one; it never moves back. */
export const mergeCursor = (cursors: readonly ChatReadCursor[], cursor: ChatReadCursor): readonly ChatReadCursor[] => {
  const same = (other: ChatReadCursor) => other.participant.kind === cursor.participant.kind && other.participant.id === cursor.participant.id;
  const existing = cursors.find(same);
  if (existing !== undefined && existing.last_read_seq >= cursor.last_read_seq) return cursors;
  return [...cursors.filter((other) => !same(other)), cursor];
};

/** The newest stored sequence, 0 for an empty thread. */
export const newestSeq = (messages: readonly ChatMessage[]): number => messages.at(-1)?.seq ?? 0;

/** Stored messages leave the outbox: a retry's answer and the stream's copy are the same message (its client id). */
export const withoutStored = (outbox: readonly Outgoing[], stored: readonly ChatMessage[]): readonly Outgoing[] => {
  const ids = new Set(stored.map((message) => message.client_id));
  return outbox.filter((outgoing) => !ids.has(outgoing.clientId));
};

/** The outbox with one message's status changed. */
export const withStatus = (outbox: readonly Outgoing[], clientId: string, status: Outgoing["status"], failure: string | null = null): readonly Outgoing[] =>
  outbox.map((outgoing) => (outgoing.clientId === clientId ? { ...outgoing, status, failure } : outgoing));

/** What the send actor is given: the thread and the message, with the client id any retry repeats. */
export type SendInput = { readonly threadId: number; readonly clientId: string; readonly body: string; readonly attachmentId: number | null };
export type HistoryInput = { readonly threadId: number; readonly before: number | undefined };
export type ReadInput = { readonly threadId: number; readonly seq: number };
