import { createParser, type EventSourceMessage } from "eventsource-parser";
import { CHAT_EVENT, ChatMessage, ChatReadCursor } from "../../domain/chat/chat-wire.ts";
import { decodeLenient } from "../../domain/shared/wire/decode.ts";
import { type RawRequest, UNAUTHORIZED } from "../shared/api-client.ts";

// The chat's live stream (issue 34; docs/chat.md, "The stream"): GET /api/slp-chat/stream/ read
// with fetch, because EventSource cannot send an Authorization header and a token must never sit
// in a URL (where logs and the history keep it). The protocol is parsed by eventsource-parser, not
// by hand; a lost connection is opened again with Last-Event-ID after a growing pause, so the
// server replays exactly what was missed, from its table.

import { chatStreamEndpoint } from "../../domain/chat/chat-endpoints.ts";

/** The stream's path, from its declaration. */
export const CHAT_STREAM_PATH = chatStreamEndpoint.path;

/** One event of the stream, decoded at this edge. */
export type ChatStreamEvent =
  | { readonly kind: "message"; readonly message: ChatMessage }
  | { readonly kind: "read"; readonly cursor: ChatReadCursor };

/** An event as it came over the wire, which another tab decodes again (a BroadcastChannel is an edge too). */
export type RawChatEvent = { readonly event: string; readonly data: string; readonly id: string };

/** Where the connection is: open, or waiting to try again (after a failure or the server's end). */
export type ChatStreamStatus = "connecting" | "open" | "waiting" | "ended";

/** The pause before the nth attempt again: 1 s, 2 s, 4 s… up to 30 s; a success starts over. */
export const reconnectDelayMs = (attempt: number, initialMs = 1_000, maxMs = 30_000): number =>
  Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));

export type ChatStreamOptions = {
  /** The address and the current session's headers, asked again at each connection (the token may have been renewed). */
  readonly request: () => Pick<RawRequest, "url" | "headers" | "fetch"> & Partial<Pick<RawRequest, "unauthorized">>;
  /** Each event with its id (the message's stream sequence), in the order they came; `raw` is what the leader relays to other tabs. */
  readonly onEvent: (event: ChatStreamEvent, id: string, raw: RawChatEvent) => void;
  readonly onStatus?: (status: ChatStreamStatus) => void;
  /** Resume after this id (a leader taking over from another tab). */
  readonly lastEventId?: string;
  /** How long to wait before the next attempt; tests shorten it. */
  readonly delayMs?: (attempt: number) => number;
};

/** A running stream; `close()` ends it for good. */
export type ChatStream = { readonly close: () => void; readonly lastEventId: () => string };

const decodeMessage = decodeLenient(ChatMessage);
const decodeCursor = decodeLenient(ChatReadCursor);
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** An SSE message as one of the chat's events, or null for anything else (a comment, an unknown event, a bad payload). */
export const chatEventOf = (message: Pick<EventSourceMessage, "event" | "data">): ChatStreamEvent | null => {
  const data = parseJson(message.data);
  if (message.event === CHAT_EVENT.message) {
    const decoded = decodeMessage(data);
    return decoded.ok ? { kind: "message", message: decoded.value } : null;
  }
  if (message.event === CHAT_EVENT.read) {
    const decoded = decodeCursor(data);
    return decoded.ok ? { kind: "read", cursor: decoded.value } : null;
  }
  return null;
};

const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** Opens the stream and keeps it open until closed. */
export const openChatStream = (options: ChatStreamOptions): ChatStream => {
  const controller = new AbortController();
  const { signal } = controller;
  let lastId = options.lastEventId ?? "";
  let serverRetryMs: number | null = null;
  const delayOf = options.delayMs ?? ((attempt: number) => reconnectDelayMs(attempt));

  /** How one connection ended: healthy (it opened), failed (try again after a pause), refreshed (a new token: at once), ended (the session is over). */
  type Outcome = "healthy" | "failed" | "refreshed" | "ended";
  let refreshedLast = false;

  const readOnce = async (): Promise<Outcome> => {
    const { url, headers, fetch, unauthorized } = options.request();
    const response = await fetch(url, {
      headers: { ...headers, Accept: "text/event-stream", ...(lastId === "" ? {} : { "Last-Event-ID": lastId }) },
      cache: "no-store",
      // A stream that stays open for the whole visit is background work: at low priority it never
      // competes with a page's chunks and reads for HTTP/1.1's six connections, and tools that wait
      // for a page's critical requests to end (Lighthouse) do not wait on it (issue 35).
      priority: "low",
      signal,
    });
    // An expired token (an idle tab whose only call is this stream): the session's shared refresh,
    // then at once again. A 401 right after a refresh is not refreshed again: it waits its pause.
    if (response.status === UNAUTHORIZED && !refreshedLast) {
      await response.body?.cancel();
      return (await unauthorized?.()) ?? "failed";
    }
    if (!response.ok || response.body === null) return "failed";
    options.onStatus?.("open");
    const parser = createParser({
      onEvent: (message) => {
        const event = chatEventOf(message);
        // The id moves only past what was handed on, so a reconnect asks again for anything not delivered.
        if (message.id !== undefined && message.id !== "") lastId = message.id;
        if (event !== null) options.onEvent(event, lastId, { event: message.event ?? "", data: message.data, id: lastId });
      },
      onRetry: (ms) => {
        serverRetryMs = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return "healthy";
      parser.feed(value);
    }
  };

  void (async () => {
    let attempt = 0;
    while (!signal.aborted) {
      options.onStatus?.("connecting");
      let outcome: Outcome;
      try {
        outcome = await readOnce();
      } catch {
        outcome = "failed";
      }
      if (signal.aborted) return;
      refreshedLast = outcome === "refreshed";
      if (outcome === "ended") {
        // Signed out or the refresh refused: nothing to read any more; the app leaves the signed-in area.
        options.onStatus?.("ended");
        return;
      }
      if (outcome === "refreshed") continue;
      // A stream that opened and then ended was healthy: the next attempt starts the pauses over.
      attempt = outcome === "healthy" ? 1 : attempt + 1;
      options.onStatus?.("waiting");
      await pause(serverRetryMs ?? delayOf(attempt), signal);
    }
  })();

  return { close: () => controller.abort(), lastEventId: () => lastId };
};
