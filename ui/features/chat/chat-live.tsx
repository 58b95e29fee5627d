import { Suspense, useCallback, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { chatAbilitiesOf } from "../../../domain/chat/chat-abilities.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import { lazyRetrying } from "../../kit/lazy-retrying.ts";
import { AfterFirstPageHeading } from "../../shell/after-first-page-heading.tsx";
import { SidebarBadgesContext } from "../../shell/sidebar/sidebar-badges.ts";
import { ChatEventsContext, createChatEventHub } from "./chat-events.ts";

// The stream, its parser and the chat's wire come in their own chunk, after the first page's
// heading (issue 35): the unread badge can follow the page by a moment. A chunk that fails to
// arrive is asked for again (lazyRetrying) rather than take the page down with it.
const LiveStream = lazyRetrying(() => import("./chat-live-stream.tsx").then((module) => module.LiveStream));

/** The unread total the lazy stream reports, read by the sidebar's badge. */
const createUnreadStore = () => {
  let unread = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => unread,
    set: (next: number) => {
      if (next === unread) return;
      unread = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

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
  const store = useMemo(() => createUnreadStore(), []);
  const unread = useSyncExternalStore(store.subscribe, store.get);
  const onUnread = useCallback((next: number) => store.set(next), [store]);
  const badges = useMemo(() => ({ "slp-chat": unread }), [unread]);
  return (
    <ChatEventsContext.Provider value={hub}>
      <SidebarBadgesContext.Provider value={badges}>
        {children}
        {open ? (
          <AfterFirstPageHeading>
            <Suspense fallback={null}>
              <LiveStream user={user} hub={hub} onUnread={onUnread} />
            </Suspense>
          </AfterFirstPageHeading>
        ) : null}
      </SidebarBadgesContext.Provider>
    </ChatEventsContext.Provider>
  );
}
