import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { CHAT_STREAM_PATH, openChatStream, type ChatStreamEvent } from "../../../adapters/chat/chat-stream.ts";
import { shareChatStream } from "../../../adapters/chat/chat-stream-sharing.ts";
import type { ChatThread } from "../../../domain/chat/chat-wire.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { useServices } from "../../services/services-context.tsx";
import { showTitleCount } from "../../shell/use-document-title.ts";
import { chatKeys } from "./chat-keys.ts";
import type { ChatEventHub } from "./chat-events.ts";
import { readerOf } from "./chat-reader.ts";
import { readAfresh } from "../../data/read-afresh.ts";
import { listsToReadAgain, totalUnread, withCursor, withMessage } from "./thread-list-updates.ts";
import { useThreads } from "./use-chat.ts";

// The stream's code (the parser, the wire's decoders, the calls) in a chunk of its own, loaded
// after the signed-in area has shown (chat-live.tsx), so no page waits for it.

/** This tab's share of the browser's one stream; it reports the unread total to `onUnread`. */
export function LiveStream({ user, hub, onUnread }: { readonly user: CurrentUser; readonly hub: ChatEventHub; readonly onUnread: (unread: number) => void }) {
  const client = useServices().adapters.client;
  const queryClient = useQueryClient();
  const threads = useThreads("");
  const unread = totalUnread(threads.data);
  const userId = user.id;

  useEffect(() => {
    const reader = readerOf({ id: userId });
    const apply = (event: ChatStreamEvent): void => {
      const threadId = event.kind === "message" ? event.message.thread_id : event.cursor.thread_id;
      const lists = queryClient
        .getQueryCache()
        .findAll({ queryKey: chatKeys.threads })
        .map((query) => ({ data: query.state.data as readonly ChatThread[] | undefined, fetching: query.state.fetchStatus === "fetching" }));
      if (listsToReadAgain(lists, threadId)) void readAfresh(queryClient, chatKeys.threads);
      queryClient.setQueriesData<readonly ChatThread[]>({ queryKey: chatKeys.threads }, (data) =>
        data === undefined ? data : event.kind === "message" ? withMessage(data, event.message, reader) : withCursor(data, event.cursor, reader),
      );
      hub.publish(event);
    };
    const shared = shareChatStream(
      {
        locks: typeof navigator === "undefined" ? undefined : navigator.locks,
        channel: (name) => (typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(name)),
        open: (lastEventId, onEvent) => openChatStream({ request: () => client.raw(CHAT_STREAM_PATH), onEvent, lastEventId }),
      },
      apply,
    );
    return () => shared.close();
  }, [client, queryClient, hub, userId]);

  useEffect(() => {
    showTitleCount(unread);
    onUnread(unread);
  }, [unread, onUnread]);
  useEffect(
    () => () => {
      showTitleCount(0);
      onUnread(0);
    },
    [onUnread],
  );
  return null;
}
