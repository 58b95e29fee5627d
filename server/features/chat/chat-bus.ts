import { EventEmitter } from "node:events";

/**
 * What wakes the streams of one institution (docs/chat-api.md, "Delivery"): a message event
 * committed with this stream sequence, or someone's read cursor moved in a thread. A wake carries
 * no message: the stream reads the table (the truth) for everything after what it last sent, so a
 * lost or repeated wake costs nothing.
 */
export type ChatWake =
  | { readonly kind: "message"; readonly institutionId: number; readonly streamSeq: number }
  | { readonly kind: "read"; readonly institutionId: number; readonly threadId: number };

export type ChatListener = (wake: ChatWake) => void;

/**
 * The port the chat publishes to after a commit and its streams subscribe to. One process: an
 * EventEmitter; several on one PostgreSQL: LISTEN/NOTIFY (pg-chat-bus.ts), which is delivered at
 * commit to every listening process, this one included.
 */
export type ChatBus = {
  readonly publish: (wake: ChatWake) => Promise<void>;
  /** Answers the unsubscribe. */
  readonly subscribe: (institutionId: number, listener: ChatListener) => () => void;
  readonly close: () => Promise<void>;
};

/** The NOTIFY payload: "m:<institution>:<stream_seq>" or "r:<institution>:<thread>", far under PostgreSQL's 8,000 bytes and our 200. */
export const wakePayload = (wake: ChatWake): string =>
  wake.kind === "message" ? `m:${wake.institutionId}:${wake.streamSeq}` : `r:${wake.institutionId}:${wake.threadId}`;

/** The wake a payload names, or undefined for anything else (a payload is never trusted beyond waking). */
export const wakeOfPayload = (payload: string): ChatWake | undefined => {
  const match = /^([mr]):(\d{1,10}):(\d{1,18})$/.exec(payload);
  if (match === null) return undefined;
  const institutionId = Number(match[2]);
  const value = Number(match[3]);
  return match[1] === "m" ? { kind: "message", institutionId, streamSeq: value } : { kind: "read", institutionId, threadId: value };
};

/** Listeners per institution, shared by both buses. */
export const listenerRegistry = () => {
  const emitter = new EventEmitter();
  // Every open stream of an institution listens: thousands are expected, not a leak.
  emitter.setMaxListeners(0);
  return {
    emit: (wake: ChatWake): void => {
      emitter.emit(String(wake.institutionId), wake);
    },
    subscribe: (institutionId: number, listener: ChatListener): (() => void) => {
      emitter.on(String(institutionId), listener);
      return () => emitter.off(String(institutionId), listener);
    },
  };
};

/** The embedded database's bus: one process owns a PGlite data folder, so its own streams are all there is to wake. */
export const inProcessChatBus = (): ChatBus => {
  const listeners = listenerRegistry();
  return {
    publish: async (wake) => {
      // After the caller's answer is on its way: a listener never runs inside the writer's request.
      queueMicrotask(() => listeners.emit(wake));
    },
    subscribe: listeners.subscribe,
    close: async () => undefined,
  };
};
