import { assign, fromPromise, setup } from "xstate";
import type { ChatMessage, ChatMessagePage, ChatReadCursor } from "../../domain/chat/chat-wire.ts";
import { toAuthFailure } from "../shared/auth-failure.ts";
import type { EditInput, HistoryInput, ReadInput, SendInput, ThreadContext, ThreadInput, WithdrawInput } from "./thread-context.ts";
import { changesOf, editUnchanged, editRefusal, initialContext, mergeCursor, newestSeq, startedEdit, withPage, withStatus, withStored } from "./thread-context.ts";

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
  | { readonly type: "newestVisible" }
  /** One's own message edited in place: the draft starts as its text; a failed save keeps the draft. */
  | { readonly type: "edit.start"; readonly seq: number }
  | { readonly type: "edit.change"; readonly text: string }
  | { readonly type: "edit.save" }
  | { readonly type: "edit.cancel" }
  /** One's own message withdrawn once the person confirms. */
  | { readonly type: "withdraw.start"; readonly seq: number }
  | { readonly type: "withdraw.confirm" }
  | { readonly type: "withdraw.cancel" };

const message = (error: unknown): string => toAuthFailure(error).message;

/**
 * One chat thread (issue 34; docs/chat.md): its newest page of history, older pages on "Load
 * earlier messages" (never by scrolling), messages from the stream merged by sequence, sends in
 * order through an outbox (sending, then stored; a failure waits for a retry with the same client
 * id), the reader's cursor sent once the newest message is on screen, never backwards, and one
 * change at a time to one's own messages (an edit in place, a confirmed withdrawal).
 */
export const threadMachine = setup({
  types: { context: {} as ThreadContext, events: {} as ThreadEvent, input: {} as ThreadInput },
  actors: {
    // Provided by ui/features/chat/chat-machines.ts; placeholders fail loudly.
    loadHistory: fromPromise<ChatMessagePage, HistoryInput>(() => Promise.reject(new Error('thread actor "loadHistory" was not provided'))),
    sendMessage: fromPromise<ChatMessage, SendInput>(() => Promise.reject(new Error('thread actor "sendMessage" was not provided'))),
    markRead: fromPromise<ChatReadCursor, ReadInput>(() => Promise.reject(new Error('thread actor "markRead" was not provided'))),
    editMessage: fromPromise<ChatMessage, EditInput>(() => Promise.reject(new Error('thread actor "editMessage" was not provided'))),
    withdrawMessage: fromPromise<ChatMessage, WithdrawInput>(() => Promise.reject(new Error('thread actor "withdrawMessage" was not provided'))),
  },
  guards: {
    hasEarlier: ({ context }) => context.hasEarlier,
    hasQueued: ({ context }) => context.outbox.some((outgoing) => outgoing.status === "queued"),
    newestUnsent: ({ context }) => newestSeq(context.messages) > context.readSent,
    ofThisThread: ({ context, event }) => event.type === "arrived" && event.message.thread_id === context.threadId,
    cursorOfThisThread: ({ context, event }) => event.type === "cursorMoved" && event.cursor.thread_id === context.threadId,
    mayEdit: ({ context, event }) => event.type === "edit.start" && changesOf(context, event.seq).edit,
    mayWithdraw: ({ context, event }) => event.type === "withdraw.start" && changesOf(context, event.seq).withdraw,
    editUnchanged: ({ context }) => editUnchanged(context),
    editRefused: ({ context }) => editRefusal(context) !== null,
  },
  actions: {
    takeNewestPage: assign(({ context }, page: ChatMessagePage) => ({ ...withPage(context, page), failure: null })),
    takeEarlierPage: assign(({ context }, page: ChatMessagePage) => ({ ...withPage(context, page), earlierFailure: null })),
    takeMessage: assign(({ context }, stored: ChatMessage) => withStored(context, stored)),
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
    startEdit: assign(({ context, event }) => (event.type === "edit.start" ? startedEdit(context, event.seq) : {})),
    changeDraft: assign(({ context, event }) => (event.type === "edit.change" && context.editing !== null ? { editing: { ...context.editing, draft: event.text } } : {})),
    refuseEdit: assign(({ context }) => ({ changeFailure: editRefusal(context) })),
    startWithdrawal: assign(({ event }) => (event.type === "withdraw.start" ? { withdrawing: event.seq, changeFailure: null } : {})),
    endChange: assign({ editing: null, withdrawing: null, changeFailure: null }),
    rememberChangeFailure: assign((_, error: unknown) => ({ changeFailure: message(error) })),
  },
}).createMachine({
  id: "chatThread",
  context: ({ input }) => initialContext(input),
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
        changing: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "edit.start": { guard: "mayEdit", target: "editing", actions: "startEdit" },
                "withdraw.start": { guard: "mayWithdraw", target: "confirmingWithdrawal", actions: "startWithdrawal" },
              },
            },
            editing: {
              on: {
                "edit.change": { actions: "changeDraft" },
                "edit.cancel": { target: "idle", actions: "endChange" },
                "edit.save": [{ guard: "editUnchanged", target: "idle", actions: "endChange" }, { guard: "editRefused", actions: "refuseEdit" }, { target: "savingEdit" }],
              },
            },
            savingEdit: {
              invoke: {
                src: "editMessage",
                input: ({ context }) => ({ threadId: context.threadId, seq: context.editing?.seq ?? 0, body: context.editing?.draft ?? "" }),
                onDone: { target: "idle", actions: [{ type: "takeMessage", params: ({ event }) => event.output }, "endChange"] },
                onError: { target: "editing", actions: { type: "rememberChangeFailure", params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
            confirmingWithdrawal: { on: { "withdraw.confirm": "withdrawing", "withdraw.cancel": { target: "idle", actions: "endChange" } } },
            withdrawing: {
              invoke: {
                src: "withdrawMessage",
                input: ({ context }) => ({ threadId: context.threadId, seq: context.withdrawing ?? 0 }),
                onDone: { target: "idle", actions: [{ type: "takeMessage", params: ({ event }) => event.output }, "endChange"] },
                onError: { target: "idle", actions: ["endChange", { type: "rememberChangeFailure", params: ({ event }: { event: { error: unknown } }) => event.error }] },
              },
            },
          },
        },
      },
    },
  },
});
