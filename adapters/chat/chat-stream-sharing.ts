import { chatEventOf, type ChatStream, type ChatStreamEvent, type RawChatEvent } from "./chat-stream.ts";

// One stream per browser however many tabs are open (issue 34): the tabs elect a leader with the
// Web Locks API (the tab holding the lock keeps it with a promise it resolves only when it
// closes), the leader alone opens the stream and relays each event over a BroadcastChannel, and
// when its tab closes the browser hands the lock to a waiting tab, which opens the stream from
// the last id it heard, so the server replays what fell between.

export const CHAT_STREAM_LOCK = "slp-chat-stream";
export const CHAT_STREAM_CHANNEL = "slp-chat-events";

/** The relay's message: the raw event, decoded again by each follower. */
type Relayed = RawChatEvent;

/** What the sharing needs from the browser, passed in (tests give fakes; jsdom has no Web Locks). */
export type StreamSharingPorts = {
  /** navigator.locks; without it (an old browser, a test) the tab opens its own stream. */
  readonly locks: Pick<LockManager, "request"> | undefined;
  /** A channel named CHAT_STREAM_CHANNEL; undefined where BroadcastChannel is missing. */
  readonly channel: (name: string) => Pick<BroadcastChannel, "postMessage" | "close" | "addEventListener"> | undefined;
  /** Opens the actual stream (openChatStream with the session's request) from `lastEventId`. */
  readonly open: (lastEventId: string, onEvent: (event: ChatStreamEvent, id: string, raw: RawChatEvent) => void) => ChatStream;
};

/** This tab's share of the stream; `close()` when the tab signs out or the app unmounts. */
export type SharedChatStream = { readonly close: () => void; readonly isLeader: () => boolean };

const isRelayed = (data: unknown): data is Relayed =>
  typeof data === "object" && data !== null && typeof (data as Relayed).event === "string" && typeof (data as Relayed).data === "string" && typeof (data as Relayed).id === "string";

/** Joins the browser's one stream: every event reaches `onEvent` in this tab, whichever tab leads. */
export const shareChatStream = (ports: StreamSharingPorts, onEvent: (event: ChatStreamEvent) => void): SharedChatStream => {
  const channel = ports.channel(CHAT_STREAM_CHANNEL);
  const stop = new AbortController();
  let lastId = "";
  let leading = false;
  let stream: ChatStream | null = null;
  let releaseLock: (() => void) | null = null;

  channel?.addEventListener("message", (message: MessageEvent<unknown>) => {
    if (leading || !isRelayed(message.data)) return;
    const event = chatEventOf(message.data);
    lastId = message.data.id;
    if (event !== null) onEvent(event);
  });

  const lead = (): void => {
    leading = true;
    stream = ports.open(lastId, (event, id, raw) => {
      lastId = id;
      onEvent(event);
      channel?.postMessage(raw);
    });
  };

  if (ports.locks === undefined) {
    lead();
  } else {
    ports.locks
      .request(CHAT_STREAM_LOCK, { signal: stop.signal }, () => {
        if (stop.signal.aborted) return undefined;
        lead();
        // Held until this tab lets go: the browser frees it by itself when the tab closes or crashes.
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      // Aborted while waiting (the tab closed its share before it led): nothing to undo.
      .catch(() => undefined);
  }

  return {
    close: () => {
      stop.abort();
      stream?.close();
      releaseLock?.();
      channel?.close();
      leading = false;
    },
    isLeader: () => leading,
  };
};
