import type { ChatMessage, ChatMessagePage, ChatReadCursor } from "../../domain/chat/chat-wire.ts";
import { checkEdit, messageChangesOf, type MessageChanges } from "../../domain/chat/message-changes.ts";
import type { Result } from "../../domain/shared/result.ts";

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
  /** The message being edited in place and its draft, kept through a failed save. */
  readonly editing: { readonly seq: number; readonly draft: string } | null;
  /** The message whose withdrawal waits for its confirmation, or is on its way. */
  readonly withdrawing: number | null;
  /** Why the last edit or withdrawal failed, said in the thread's alert. */
  readonly changeFailure: string | null;
};

export type ThreadInput = { readonly threadId: number; readonly reader: Reader; readonly lastReadSeq: number };

/** A thread just opened: nothing loaded, nothing sent, the reader's cursor where the server had it. */
export const initialContext = (input: ThreadInput): ThreadContext => ({
  threadId: input.threadId,
  reader: input.reader,
  messages: [],
  hasEarlier: false,
  cursors: [],
  outbox: [],
  openedAtSeq: input.lastReadSeq,
  readSent: input.lastReadSeq,
  failure: null,
  earlierFailure: null,
  editing: null,
  withdrawing: null,
  changeFailure: null,
});

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

/** What the reader may do to one loaded message (the domain's rule); nothing to a message not loaded. */
export const changesOf = (context: ThreadContext, seq: number): MessageChanges => {
  const message = context.messages.find((one) => one.seq === seq);
  return message === undefined ? { edit: false, withdraw: false } : messageChangesOf(context.reader, message);
};

/** An edit of a loaded message starts from its stored text; a former failure is forgotten. */
export const startedEdit = (context: ThreadContext, seq: number): Partial<ThreadContext> => {
  const stored = context.messages.find((one) => one.seq === seq);
  return stored === undefined ? {} : { editing: { seq, draft: stored.body }, changeFailure: null };
};

/** The edit being made, checked: null when it changes nothing, else the text to send or why it cannot be. */
const editCheck = (context: ThreadContext): Result<string | null> => {
  const { editing } = context;
  const stored = context.messages.find((one) => one.seq === editing?.seq);
  return checkEdit(stored?.body ?? "", editing?.draft ?? "");
};

/** Whether saving the edit would send the text already stored (the edit simply ends). */
export const editUnchanged = (context: ThreadContext): boolean => {
  const checked = editCheck(context);
  return checked.ok && checked.value === null;
};

/** Why the edit's text cannot be sent (the catalogued message), or null. */
export const editRefusal = (context: ThreadContext): string | null => {
  const checked = editCheck(context);
  return checked.ok ? null : checked.message;
};

/** A stored message (an answer, the stream's copy, an edit, a withdrawal) merged by sequence; it leaves the outbox. */
export const withStored = (context: ThreadContext, stored: ChatMessage): Partial<ThreadContext> => ({
  messages: mergeMessages(context.messages, [stored]),
  outbox: withoutStored(context.outbox, [stored]),
});

/** The context after a page of history: its messages merged, its cursors taken, stored messages out of the outbox. */
export const withPage = (context: ThreadContext, page: ChatMessagePage): Partial<ThreadContext> => ({
  messages: mergeMessages(context.messages, page.messages),
  hasEarlier: page.has_earlier,
  cursors: page.cursors.reduce(mergeCursor, context.cursors),
  outbox: withoutStored(context.outbox, page.messages),
});

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
/** An edit: the message and its new text (the server cleans and checks it again). */
export type EditInput = { readonly threadId: number; readonly seq: number; readonly body: string };
export type WithdrawInput = { readonly threadId: number; readonly seq: number };
