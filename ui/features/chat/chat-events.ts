import { createContext, useContext, useEffect, useEffectEvent } from "react";
import type { ChatStreamEvent } from "../../../adapters/chat/chat-stream.ts";

// The stream's events as this tab hears them (whichever tab leads), handed from the one stream
// the signed-in area keeps (chat-live.tsx) to the open thread, which merges them.

/** Listeners of the stream's events. */
export type ChatEventHub = {
  readonly publish: (event: ChatStreamEvent) => void;
  readonly subscribe: (listener: (event: ChatStreamEvent) => void) => () => void;
};

export const createChatEventHub = (): ChatEventHub => {
  const listeners = new Set<(event: ChatStreamEvent) => void>();
  return {
    publish: (event) => {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** Outside the signed-in area (a page test without the stream) nothing is heard. */
export const ChatEventsContext = createContext<ChatEventHub | null>(null);

/** Calls `listener` with each event while mounted (the latest listener, without subscribing again). */
export function useChatEvents(listener: (event: ChatStreamEvent) => void): void {
  const hub = useContext(ChatEventsContext);
  const heard = useEffectEvent(listener);
  useEffect(() => hub?.subscribe((event) => heard(event)), [hub]);
}
