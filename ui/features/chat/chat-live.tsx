import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { CHAT_STREAM_PATH, openChatStream, type ChatStreamEvent } from "../../../adapters/chat/chat-stream.ts";
import { shareChatStream } from "../../../adapters/chat/chat-stream-sharing.ts";
import { chatAbilitiesOf } from "../../../domain/chat/chat-abilities.ts";
import type { ChatThread } from "../../../domain/chat/chat-wire.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { Reader } from "../../../machines/chat/thread-context.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import { useServices } from "../../services/services-context.tsx";
import { SidebarBadgesContext } from "../../shell/sidebar/sidebar-badges.ts";
import { showTitleCount } from "../../shell/use-document-title.ts";
import { chatKeys } from "./chat-keys.ts";
import { ChatEventsContext, createChatEventHub, type ChatEventHub } from "./chat-events.ts";
import { knowsThread, totalUnread, withCursor, withMessage } from "./thread-list-updates.ts";
import { useThreads } from "./use-chat.ts";

/** Who reads the chat in this app: the signed-in member of staff. */
export const readerOf = (user: Pick<CurrentUser, "id">): Reader => ({ kind: "staff", id: user.id });

/**
 * The chat's live part of the signed-in area (issue 34; docs/chat.md, "The stream"): for a person
 * who may use the chat, this tab's share of the browser's one stream; each event updates the
 * cached thread lists (so the sidebar's badge and the title's "(n) " follow within the second, in
 * every tab) and reaches the open thread. Children render at once, with or without it.
 */
export function ChatLive({ children }: { readonly children: ReactNode }) {
  const user = useCurrentUser().data;
  const open = user !== undefined && chatAbilitiesOf(user).open;
  const hub = useMemo(() => createChatEventHub(), []);
  return (
    <ChatEventsContext.Provider value={hub}>
      {open ? <LiveStream user={user} hub={hub}>{children}</LiveStream> : children}
    </ChatEventsContext.Provider>
  );
}

function LiveStream({ user, hub, children }: { readonly user: CurrentUser; readonly hub: ChatEventHub; readonly children: ReactNode }) {
  const client = useServices().adapters.client;
  const queryClient = useQueryClient();
  const threads = useThreads("");
  const unread = totalUnread(threads.data);
  const userId = user.id;

  useEffect(() => {
    const reader = readerOf({ id: userId });
    const apply = (event: ChatStreamEvent): void => {
      const threadId = event.kind === "message" ? event.message.thread_id : event.cursor.thread_id;
      const lists = queryClient.getQueriesData<readonly ChatThread[]>({ queryKey: chatKeys.threads });
      // A thread no list knows (someone started it): the lists are read again.
      if (!lists.some(([, data]) => data !== undefined && knowsThread(data, threadId))) void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
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
    return () => showTitleCount(0);
  }, [unread]);

  const badges = useMemo(() => ({ "slp-chat": unread }), [unread]);
  return <SidebarBadgesContext.Provider value={badges}>{children}</SidebarBadgesContext.Provider>;
}
