import { assign, fromPromise, setup } from "xstate";
import type { ChatMessage, ChatMessagePage, ChatReadCursor } from "../../domain/chat/chat-wire.ts";
import { toAuthFailure } from "../shared/auth-failure.ts";
import {
  type HistoryInput,
  type ReadInput,
  type Reader,
  type SendInput,
  type ThreadContext,
  mergeCursor,
  mergeMessages,
  newestSeq,
  withStatus,
  withoutStored,
} from "./thread-context.ts";

export type ThreadEvent =
  /** The composer's message, with the UUID the page made for it. */
  | { readonly type: "send"; readonly clientId: string; readonly body: string; readonly attachmentId: number | null }
  /** Send a failed message again, with the same client id (the server keeps one message per id). */
  | { readonly type: "retry"; readonly clientId: string }
  | { readonly type: "loadEarlier" }
  | { readonly type: "reload" }
  /** From the stream: a message of this thread, new, edited or withdrawn. */
  | { readonly type: "arrived"; readonly message: ChatMessage }
  | { readonly type: "cursorMoved"; readonly cursor: ChatReadCursor }
  /** The newest message is on screen: the reader has seen it. */
  | { readonly type: "newestVisible" };

export type ThreadInput = { readonly threadId: number; readonly reader: Reader; readonly lastReadSeq: number };

const message = (error: unknown): string => toAuthFailure(error).message;

/**
 * One chat thread (issue 34; docs/chat.md): its newest page of history, older pages on "Load
 * earlier messages" (never by scrolling), messages from the stream merged by sequence, sends in
 * order through an outbox (sending, then stored; a failure waits for a retry with the same client
 * id), and the reader's cursor sent once the newest message is on screen, never backwards.
 */
export const threadMachine = setup({
  types: { context: {} as ThreadContext, events: {} as ThreadEvent, input: {} as ThreadInput },
  actors: {
    // Provided by ui/features/chat/chat-machines.ts; placeholders fail loudly.
    loadHistory: fromPromise<ChatMessagePage, HistoryInput>(() => Promise.reject(new Error('thread actor "loadHistory" was not provided'))),
    sendMessage: fromPromise<ChatMessage, SendInput>(() => Promise.reject(new Error('thread actor "sendMessage" was not provided'))),
    markRead: fromPromise<ChatReadCursor, ReadInput>(() => Promise.reject(new Error('thread actor "markRead" was not provided'))),
  },
  guards: {
    hasEarlier: ({ context }) => context.hasEarlier,
    hasQueued: ({ context }) => context.outbox.some((outgoing) => outgoing.status === "queued"),
    newestUnsent: ({ context }) => newestSeq(context.messages) > context.readSent,
    ofThisThread: ({ context, event }) => event.type === "arrived" && event.message.thread_id === context.threadId,
    cursorOfThisThread: ({ context, event }) => event.type === "cursorMoved" && event.cursor.thread_id === context.threadId,
  },
  actions: {
    takeNewestPage: assign(({ context }, page: ChatMessagePage) => ({
      messages: mergeMessages(context.messages, page.messages),
      hasEarlier: page.has_earlier,
      cursors: page.cursors.reduce(mergeCursor, context.cursors),
      outbox: withoutStored(context.outbox, page.messages),
      failure: null,
    })),
    takeEarlierPage: assign(({ context }, page: ChatMessagePage) => ({
      messages: mergeMessages(context.messages, page.messages),
      hasEarlier: page.has_earlier,
      cursors: page.cursors.reduce(mergeCursor, context.cursors),
      earlierFailure: null,
    })),
    takeMessage: assign(({ context }, stored: ChatMessage) => ({
      messages: mergeMessages(context.messages, [stored]),
      outbox: withoutStored(context.outbox, [stored]),
    })),
    takeCursor: assign(({ context }, cursor: ChatReadCursor) => ({ cursors: mergeCursor(context.cursors, cursor) })),
    enqueue: assign(({ context, event }) => {
      if (event.type !== "send") return {};
      return { outbox: [...context.outbox, { clientId: event.clientId, body: event.body, attachmentId: event.attachmentId, status: "queued" as const, failure: null }] };
    }),
    requeue: assign(({ context, event }) => (event.type === "retry" ? { outbox: withStatus(context.outbox, event.clientId, "queued") } : {})),
    markSending: assign(({ context }) => {
      const next = context.outbox.find((outgoing) => outgoing.status === "queued");
      return next === undefined ? {} : { outbox: withStatus(context.outbox, next.clientId, "sending") };
    }),
    markFailed: assign(({ context }, error: unknown) => {
      const sending = context.outbox.find((outgoing) => outgoing.status === "sending");
      return sending === undefined ? {} : { outbox: withStatus(context.outbox, sending.clientId, "failed", message(error)) };
    }),
    noteReadSent: assign(({ context }) => ({ readSent: newestSeq(context.messages) })),
    forgetReadSent: assign((_, seq: number) => ({ readSent: seq })),
    rememberFailure: assign((_, error: unknown) => ({ failure: message(error) })),
    rememberEarlierFailure: assign((_, error: unknown) => ({ earlierFailure: message(error) })),
  },
}).createMachine({
  id: "chatThread",
  context: ({ input }) => ({
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
  }),
  // The stream may bring messages and cursors at any time, while loading too: merged by sequence, they are never twice.
  on: {
    arrived: { guard: "ofThisThread", actions: { type: "takeMessage", params: ({ event }) => event.message } },
    cursorMoved: { guard: "cursorOfThisThread", actions: { type: "takeCursor", params: ({ event }) => event.cursor } },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadHistory",
        input: ({ context }) => ({ threadId: context.threadId, before: undefined }),
        onDone: { target: "ready", actions: { type: "takeNewestPage", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: { on: { reload: "loading" } },
    ready: {
      type: "parallel",
      on: { send: { actions: "enqueue" }, retry: { actions: "requeue" } },
      states: {
        earlier: {
          initial: "idle",
          states: {
            idle: { on: { loadEarlier: { guard: "hasEarlier", target: "loading" } } },
            loading: {
              invoke: {
                src: "loadHistory",
                input: ({ context }) => ({ threadId: context.threadId, before: context.messages[0]?.seq }),
                onDone: { target: "idle", actions: { type: "takeEarlierPage", params: ({ event }) => event.output } },
                onError: { target: "idle", actions: { type: "rememberEarlierFailure", params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
          },
        },
        outbox: {
          initial: "idle",
          states: {
            idle: { always: { guard: "hasQueued", target: "sending" } },
            sending: {
              entry: "markSending",
              invoke: {
                src: "sendMessage",
                input: ({ context }) => {
                  const sending = context.outbox.find((outgoing) => outgoing.status === "sending");
                  return { threadId: context.threadId, clientId: sending?.clientId ?? "", body: sending?.body ?? "", attachmentId: sending?.attachmentId ?? null };
                },
                onDone: { target: "idle", actions: { type: "takeMessage", params: ({ event }) => event.output } },
                onError: { target: "idle", actions: { type: "markFailed", params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
          },
        },
        reading: {
          initial: "idle",
          states: {
            idle: { on: { newestVisible: { guard: "newestUnsent", target: "marking" } } },
            marking: {
              entry: "noteReadSent",
              invoke: {
                src: "markRead",
                input: ({ context }) => ({ threadId: context.threadId, seq: context.readSent }),
                onDone: { target: "idle", actions: { type: "takeCursor", params: ({ event }) => event.output } },
                // Not told: the next sight of the newest message tries again.
                onError: { target: "idle", actions: { type: "forgetReadSent", params: ({ context }) => context.openedAtSeq } },
              },
            },
          },
        },
      },
    },
  },
});
